import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRelationChanges, type RelationChange } from '../lib/member-relations';
import { noRetryClient, renderInApp } from '../test-render';
import { MemberMenu, type MemberMenuProps } from './member-menu';

afterEach(() => vi.unstubAllGlobals());

/** The server as this menu meets it: mute, unmute, block and unblock of member 2, and what each call was. */
function serve(fail = false) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (fail) return Response.json({ code: 'NOT_FOUND', msg: 'This member does not exist.' }, { status: 404 });
      if (url === '/api/users/2/mute') return Response.json({ muted: init?.method === 'PUT' });
      if (url === '/api/chat/blocks/2') return Response.json({ user_id: 2, blocked: init?.method === 'POST' });
      return Response.json({ code: 'NOT_FOUND', msg: 'Not found' }, { status: 404 });
    }),
  );
  return calls;
}

/** What the rest of the tab hears (the feed and the profile listen the same way). */
function Listener({ heard }: { heard: RelationChange[] }) {
  useRelationChanges((change) => heard.push(change));
  return null;
}

function renderMenu(props: Partial<MemberMenuProps> = {}) {
  const heard: RelationChange[] = [];
  renderInApp(
    <>
      <Listener heard={heard} />
      <MemberMenu member={{ id: 2, name: 'Bob' }} muted={false} blocked={false} {...props} />
    </>,
    noRetryClient(),
  );
  return heard;
}

const openMenu = () => userEvent.click(screen.getByRole('button', { name: 'More for Bob' }));

describe('the member menu', () => {
  it('offers Mute and Block, and Report only where there is something to report', async () => {
    serve();
    renderMenu();
    await openMenu();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute Bob', 'Block Bob']);
    await userEvent.keyboard('{Escape}');
    cleanup();

    renderMenu({ report: { kind: 'user', id: 2, what: 'Bob' } });
    await openMenu();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute Bob', 'Block Bob', 'Report…']);
  });

  it("offers only Report where the viewer's standing with the member is not known", async () => {
    serve();
    renderMenu({ relations: false, report: { kind: 'post', id: 9, what: "Bob's post" } });
    await openMenu();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Report…']);
  });

  it('mutes at once and tells the tab, without asking', async () => {
    const calls = serve();
    const heard = renderMenu();
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mute Bob' }));
    await waitFor(() => expect(heard).toEqual([{ user_id: 2, kind: 'muted' }]));
    expect(calls).toEqual(['PUT /api/users/2/mute']);
  });

  it('offers Unmute and Unblock for a member muted and blocked already', async () => {
    const calls = serve();
    const heard = renderMenu({ muted: true, blocked: true });
    await openMenu();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Unmute Bob', 'Unblock Bob']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unblock Bob' }));
    await waitFor(() => expect(heard).toEqual([{ user_id: 2, kind: 'unblocked' }]));
    expect(calls).toEqual(['DELETE /api/chat/blocks/2']);
  });

  it('asks before a block, saying what it does; Cancel blocks nobody', async () => {
    const calls = serve();
    const heard = renderMenu();
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block Bob' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Block Bob?' });
    expect(ask).toHaveTextContent("Neither of you will see the other's posts or comments");
    expect(ask).toHaveTextContent('neither can message or follow the other');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);

    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block Bob' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    await waitFor(() => expect(heard).toEqual([{ user_id: 2, kind: 'blocked' }]));
    expect(calls).toEqual(['POST /api/chat/blocks/2']);
  });

  it('works from the keyboard: Enter opens, arrows move, Enter picks, and focus returns to the button', async () => {
    const calls = serve();
    const heard = renderMenu();
    const button = screen.getByRole('button', { name: 'More for Bob' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Mute Bob' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Block Bob' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(heard).toEqual([{ user_id: 2, kind: 'muted' }]));
    expect(calls).toEqual(['PUT /api/users/2/mute']);
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('tells nobody when the server refuses', async () => {
    serve(true);
    const heard = renderMenu();
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mute Bob' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'More for Bob' })).toBeEnabled());
    expect(heard).toEqual([]);
  });
});
