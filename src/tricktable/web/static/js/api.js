// Talking to the server: every answer is JSON; errors are {error, message[, game]}, the message
// already in the player's language (the server follows the same cookie and Accept-Language).

import { t } from './i18n.js';

export class ApiError extends Error {
  constructor(status, data) {
    super((data && data.message) || t('web.error.status', { status: String(status) }));
    this.server = Boolean(data && data.message && status !== 0); // the server's own words
    this.status = status;
    this.code = data && data.error;
    this.game = data && data.game;
  }
}

export async function request(method, url, body, headers = {}) {
  const options = { method, headers: { Accept: 'application/json', ...headers }, credentials: 'same-origin' };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch (error) {
    throw new ApiError(0, { error: 'network', message: t('web.error.network') });
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const api = {
  me: () => request('GET', '/api/me'),
  setNickname: (nickname) => request('PUT', '/api/me', { nickname }),
  stats: (game = 'sheepshead') => request('GET', `/api/me/stats?game=${encodeURIComponent(game)}`),
  options: () => request('GET', '/api/options'),
  games: () => request('GET', '/api/games'),
  newGame: (body) => request('POST', '/api/games', body),
  daily: (game = 'sheepshead') => request('GET', `/api/daily?game=${encodeURIComponent(game)}`),
  startDaily: (game = 'sheepshead') => request('POST', '/api/daily', { game }),
  game: (id, since) => request('GET', `/api/games/${encodeURIComponent(id)}` + (since === undefined ? '' : `?since=${since}`)),
  act: (id, body) => request('POST', `/api/games/${encodeURIComponent(id)}/actions`, body),
  leaderboard: (date, game = 'sheepshead') =>
    request('GET', `/api/leaderboard?game=${encodeURIComponent(game)}` + (date ? `&date=${encodeURIComponent(date)}` : '')),
};
