import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The light theme is the dark one with its colour variables given light values (index.css). A class naming a colour
 * that has no light value reaches light pages unchanged: light cyan text on a light grey bubble, white text on a white
 * list. These checks read every class in the sources and hold them to what index.css defines, so such a colour fails
 * here rather than on the one page, in the one state, where a member meets it.
 */

const src = path.dirname(new URL(import.meta.url).pathname);
const css = fs.readFileSync(path.join(src, 'index.css'), 'utf8');
const lightBlock = /:root\[data-theme='light'\]\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
/** 'slate-900', 'accent-200', ...: the colours that the light theme gives a value of their own. */
const light = new Set([...lightBlock.matchAll(/--color-([a-z]+-\d+):/g)].map((m) => m[1]!));
const scales = new Set([...light].map((c) => c.split('-')[0]!));

/** Solid fills that are the same in both themes (white text on them is 5.4:1 or more): only white text goes there. */
const NEUTRAL_FILLS = new Set(['bg-brand-600', 'bg-brand-700', 'bg-red-600', 'bg-red-700', 'from-brand-700']);

const COLOUR =
  /(?<![\w-])((?:[\w-]+:)*)(text|bg|border(?:-[trblxy])?|ring|from|via|to|fill|stroke|outline|divide|placeholder|decoration|shadow|caret|accent)-(white|black|([a-z]+)-(50|[1-9]00|950))(\/\d+)?(?![\w-])/g;

interface Use {
  where: string;
  variants: string;
  utility: string;
  colour: string;
  scale?: string;
  /** '/25' for a translucent colour: a tint over the page, which follows the theme. */
  alpha?: string;
}

/** Every string (and template piece) of the app's sources, with the colour classes in it. */
function literals(): { where: string; uses: Use[] }[] {
  const out: { where: string; uses: Use[] }[] = [];
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(src).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
        const where = `${path.relative(src, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        const uses = [...node.text.matchAll(COLOUR)].map((m): Use => ({
          where,
          variants: m[1]!,
          utility: m[2]!,
          colour: m[3]!,
          scale: m[4],
          alpha: m[6],
        }));
        if (uses.length) out.push({ where, uses });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

const show = (u: Use) => `${u.where} ${u.variants}${u.utility}-${u.colour}${u.alpha ?? ''}`;
const neutralFill = (u: Use) => !u.alpha && NEUTRAL_FILLS.has(`${u.utility}-${u.colour}`);

describe('every colour class has a value in the light theme', () => {
  const all = literals();
  const uses = all.flatMap((l) => l.uses);

  it('reads the theme and finds the classes', () => {
    expect([...scales].sort()).toEqual(expect.arrayContaining(['accent', 'brand', 'slate']));
    expect(uses.length).toBeGreaterThan(500);
  });

  it("names no palette that the light theme does not know (Tailwind's cyan, violet, ...)", () => {
    expect(uses.filter((u) => u.scale && !scales.has(u.scale)).map(show)).toEqual([]);
  });

  it('colours text only with shades given a light value (a light shade on a light page is unreadable)', () => {
    const text = uses.filter((u) => u.utility === 'text' || u.utility === 'placeholder' || u.utility === 'decoration');
    expect(text.filter((u) => u.colour === 'black' || (u.scale && !light.has(u.colour))).map(show)).toEqual([]);
  });

  it('puts white text only on a fill that stays dark in the light theme', () => {
    const offenders = all
      .filter((l) => l.uses.some((u) => u.utility === 'text' && u.colour === 'white'))
      .filter((l) => !l.uses.some(neutralFill))
      .map((l) => l.where);
    expect(offenders).toEqual([]);
  });

  it('puts no theme-following text on a fill that does not follow the theme', () => {
    const offenders = all
      .filter((l) => l.uses.some((u) => !u.variants && neutralFill(u)))
      .flatMap((l) => l.uses.filter((u) => !u.variants && u.utility === 'text' && u.colour !== 'white'))
      .map(show);
    expect(offenders).toEqual([]);
  });
});
