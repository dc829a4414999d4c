import Picker, { EmojiStyle, Theme, type EmojiClickData } from 'emoji-picker-react';
import type { CSSProperties } from 'react';
import { useThemeChoice } from '../../lib/theme';

// The bundled font first; a browser that cannot draw it (Safari skips its COLRv1 faces) falls to its own.
const emojiFont = {
  '--epr-emoji-font-family': "'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji', sans-serif",
} as CSSProperties;

/**
 * Native emoji, drawn with the bundled Noto Color Emoji font (see main.tsx), so the picker, messages, reactions and
 * flags look the same on every system that draws COLRv1 fonts (Chromium, Firefox; Safari shows Apple's). Not the picker's pictures: those come from a CDN, which our
 * Content-Security-Policy blocks and which an offline or firewalled member cannot reach.
 * The picker keeps its own 'recently used' list (14 at most) in local storage under epr_suggested.
 * A module of its own so that it is loaded on demand (see EmojiPanel).
 */
export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  useThemeChoice(); // re-rendered when the theme changes
  const light = document.documentElement.dataset.theme === 'light';
  return (
    <Picker
      style={emojiFont}
      theme={light ? Theme.LIGHT : Theme.DARK}
      emojiStyle={EmojiStyle.NATIVE}
      width="100%"
      height={360}
      lazyLoadEmojis
      previewConfig={{ showPreview: false }}
      onEmojiClick={(data: EmojiClickData) => onPick(data.emoji)}
    />
  );
}
