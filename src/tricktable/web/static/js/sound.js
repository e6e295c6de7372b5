// Optional sounds, off by default: a card laid down, a trick gathered, your turn.  Synthesized
// with WebAudio (no sound files); nothing plays unless the player turned sound on.

import { settings } from './settings.js';

let context = null;

function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === 'suspended') context.resume();
  return context;
}

// A short tone: frequency, start after `at` seconds, `length` seconds, peak volume.
function tone(ctx, frequency, at, length, volume, type = 'sine') {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  const start = ctx.currentTime + at;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + length + 0.02);
}

// A card: a soft click of filtered noise.
function snap(ctx) {
  const length = Math.floor(ctx.sampleRate * 0.05);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let k = 0; k < length; k += 1) data[k] = (Math.random() * 2 - 1) * (1 - k / length) ** 3;
  const source = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const gain = ctx.createGain();
  source.buffer = buffer;
  filter.type = 'bandpass';
  filter.frequency.value = 2200;
  gain.gain.value = 0.35;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start();
}

const SOUNDS = {
  card: (ctx) => snap(ctx),
  trick: (ctx) => { tone(ctx, 523, 0, 0.12, 0.08); tone(ctx, 659, 0.09, 0.16, 0.08); },
  turn: (ctx) => { tone(ctx, 880, 0, 0.18, 0.06, 'triangle'); },
};

export function playSound(name) {
  if (!settings.sound || !SOUNDS[name]) return;
  try {
    const ctx = audio();
    if (ctx) SOUNDS[name](ctx);
  } catch (error) {
    // No sound is no error: the game goes on silently.
  }
}
