// The lobby's welcome: today's Daily in a sentence (a first Daily is a practice round, the
// reason one click away) and the theme's menu.  The rest of the lobby is app.js's.

import { formatDay, t, tParts } from './i18n.js';
import { themeMenu } from './preferences.js';
import { $, el, signed } from './ui.js';

export function setupWelcome() {
  themeMenu($('theme-choice'));
}

// Where my Daily of today stands (`daily`: GET /api/daily), after `what` the game's Daily is.
export function showDaily(daily, what) {
  const date = formatDay(daily.date);
  let status = 'web.lobby.daily_not_played';
  let action = 'web.lobby.daily_play';
  if (daily.played && !daily.finished) {
    status = 'web.lobby.daily_in_progress';
    action = 'web.lobby.daily_resume';
  } else if (daily.finished) {
    status = daily.ranked ? 'web.lobby.daily_done_ranked' : 'web.lobby.daily_done_unranked';
    action = 'web.lobby.daily_see';
  }
  // Two sentences: what the game's Daily is, then where mine stands.
  $('daily-info').textContent = `${what} ${t(status, { date, score: signed(daily.score) })}`;
  $('daily-button').textContent = t(action);
  // Unranked for a new browser: a practice round, said as such; the server's reason behind "Why?".
  const practice = daily.unranked_reason === 'new_browser';
  let note = null;
  if (!daily.ranked) {
    if (practice) note = daily.finished ? 'web.lobby.daily_practice_done' : 'web.lobby.daily_practice';
    else note = 'web.lobby.daily_unranked_note';
  }
  $('daily-practice').hidden = !note;
  $('daily-practice').textContent = note ? t(note) : '';
  $('daily-why-summary').textContent = t(daily.ranked ? 'web.lobby.daily_fair' : 'web.lobby.daily_why');
  const notice = $('daily-ranked');
  notice.textContent = daily.ranked_message;
  notice.dataset.ranked = String(daily.ranked);
  $('daily-commitment').replaceChildren(...tParts('web.lobby.commitment',
    { commitment: el('code', { class: 'hash' }, daily.commitment) }));
}
