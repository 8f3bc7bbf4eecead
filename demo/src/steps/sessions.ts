/**
 * Step 7, sessions: rotate the session key, list and revoke the wallet's sessions, sign out.
 */
import { listSessions, revokeSession } from '@paykit/crypto-core';
import { h, icon, mount } from '../dom.js';
import { methodLabel, relative, shortId, time } from '../format.js';
import { type Step } from '../shell.js';
import { state } from '../state.js';
import { card, describe, fact, howItWorks, toast } from '../ui.js';

export const sessionsStep: Step = {
  id: 'sessions',
  title: 'Sessions',
  subtitle: 'Refresh and sign out',
  icon: 'list',
  needs: 'session',
  lead: 'Every sign-in is a wallet session with its own key. Rotate the key, see where you are signed in, and sign out.',
  done: () => false,
  render: sessionsPanel,
};

function sessionsPanel(): HTMLElement {
  const table = h('div', { class: 'table-wrap' });
  const current = h('dl', { class: 'facts' });
  const refresh = h(
    'button',
    { class: 'button button--secondary', attrs: { type: 'button' }, testid: 'session-refresh' },
    icon('refresh'),
    'Rotate session key',
  );
  const logout = h(
    'button',
    { class: 'button button--danger', attrs: { type: 'button' }, testid: 'logout' },
    icon('logout'),
    'Sign out',
  );
  const reload = h(
    'button',
    { class: 'button button--ghost button--small', attrs: { type: 'button' }, testid: 'sessions-reload' },
    icon('refresh'),
    'Reload list',
  );

  const renderCurrent = (): void => {
    const s = state.session;
    if (!s) return;
    mount(
      current,
      fact('Current session', s.id, 'current-session-id'),
      fact('Method', methodLabel(s.type)),
      fact('Expires', `${new Date(s.expiresAt).toLocaleTimeString('en')} (${relative(s.expiresAt)})`),
    );
  };

  const renderTable = (): void => {
    const rows = state.sessions;
    mount(
      table,
      h(
        'table',
        { class: 'table', testid: 'sessions-table' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', { text: 'Session', attrs: { scope: 'col' } }),
            h('th', { text: 'Method', attrs: { scope: 'col' } }),
            h('th', { text: 'Started', attrs: { scope: 'col' } }),
            h('th', { text: 'Expires', attrs: { scope: 'col' } }),
            h('th', { attrs: { scope: 'col' } }, h('span', { class: 'visually-hidden', text: 'Actions' })),
          ),
        ),
        h(
          'tbody',
          null,
          rows.length
            ? rows.map((row) => {
                const mine = row.id === state.session?.id;
                return h(
                  'tr',
                  { attrs: { 'data-session-id': row.id, 'data-current': mine ? 'true' : undefined } },
                  h(
                    'td',
                    { class: 'mono', attrs: { title: row.id } },
                    shortId(row.id),
                    mine ? h('span', { class: 'badge badge--ok badge--inline', text: 'This browser' }) : null,
                  ),
                  h('td', { text: methodLabel(row.type) }),
                  h('td', { text: time(row.createdAt) }),
                  h('td', { text: time(row.expiresAt) }),
                  h(
                    'td',
                    { class: 'table__actions' },
                    mine
                      ? null
                      : h(
                          'button',
                          {
                            class: 'button button--ghost button--small',
                            attrs: { type: 'button' },
                            on: { click: () => void revoke(row.id) },
                          },
                          'Revoke',
                        ),
                  ),
                );
              })
            : h('tr', null, h('td', { attrs: { colspan: 5 }, class: 'muted', text: 'No active sessions.' })),
        ),
      ),
    );
  };

  const loadSessions = async (): Promise<void> => {
    reload.setAttribute('aria-busy', 'true');
    try {
      state.sessions = (await listSessions(state.client)).sort((a, b) =>
        String(b.createdAt).localeCompare(String(a.createdAt)),
      );
      renderTable();
    } catch (e) {
      toast(describe(e), 'error');
    } finally {
      reload.removeAttribute('aria-busy');
    }
  };

  const revoke = async (id: string): Promise<void> => {
    try {
      await revokeSession(state.client, id);
      toast('Session revoked', 'success');
    } catch (e) {
      toast(describe(e), 'error');
    }
    await loadSessions();
  };

  refresh.addEventListener('click', async () => {
    refresh.setAttribute('disabled', '');
    refresh.setAttribute('aria-busy', 'true');
    try {
      const before = state.session?.id;
      const next = await state.client.refreshSession();
      renderCurrent();
      toast(before !== next.id ? 'New session key, new session' : 'Session refreshed', 'success');
      await loadSessions();
    } catch (e) {
      toast(describe(e), 'error');
    } finally {
      refresh.removeAttribute('disabled');
      refresh.removeAttribute('aria-busy');
    }
  });
  logout.addEventListener('click', async () => {
    logout.setAttribute('disabled', '');
    try {
      await state.client.logout();
      toast('Signed out. The session key was deleted from this browser.', 'success');
    } catch (e) {
      toast(`Signed out here; the service said: ${describe(e)}`, 'error');
    }
  });
  reload.addEventListener('click', () => void loadSessions());

  sessionsView = { renderCurrent, loadSessions };
  renderCurrent();
  renderTable();
  void loadSessions();

  return h(
    'div',
    { class: 'stack' },
    card('This browser', current, h('div', { class: 'actions' }, refresh, logout)),
    h(
      'div',
      { class: 'card' },
      h('div', { class: 'card__head' }, h('h2', { class: 'card__title', text: 'Active sessions' }), reload),
      table,
      h('p', {
        class: 'hint',
        text: 'A rotated session stays valid until it expires; revoke the ones you no longer use.',
      }),
    ),
    howItWorks([
      'Rotate: a new key is made, `POST /auth/sessions/{id}/refresh` is signed by the old key and returns a new session; the old key is deleted. Other tabs adopt the new session.',
      'Sign out: `DELETE /auth/sessions/{id}`, signed by the session’s own key; then the key and the stored record are deleted from IndexedDB.',
      'The client also refreshes by itself a minute before a session expires.',
    ]),
  );
}

/** Hooks into the sessions panel while it is shown (the current-session facts follow a rotation). */
let sessionsView: { renderCurrent: () => void; loadSessions: () => Promise<void> } | undefined;

/** After a rotation: the shown panel's current-session facts and list follow it. */
export function updateSessionsView(): void {
  if (!sessionsView) return;
  sessionsView.renderCurrent();
  void sessionsView.loadSessions();
}

/** After a sign-out: the panel is gone. */
export function dropSessionsView(): void {
  sessionsView = undefined;
}
