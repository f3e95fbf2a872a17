// The adapter's fetch of robots.txt (google-robots.js) against sites on
// 127.0.0.1 that send what a crawler must bound: content codings Node's
// fetch would leave in the body or stack past 4, and a body without end.
// Google reads an unreadable robots.txt as a server error: disallow all.

import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { test } from 'node:test';

import { fetchRobotsTxt } from './google-robots.js';

const RULES = 'User-agent: *\nDisallow: /private\n';

/** A site whose every answer is the bytes `answer()` gives, raw. */
async function site(answer) {
  const server = createServer((socket) => {
    socket.once('data', () => {
      const bytes = answer();
      if (typeof bytes === 'function') bytes(socket);
      else socket.end(bytes);
    });
    socket.on('error', () => {});
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((done) => server.close(done)),
  };
}

function response(fields, body) {
  const head = [`HTTP/1.1 200 OK`, `Content-Length: ${body.length}`, 'Connection: close', ...fields, '', ''];
  return Buffer.concat([Buffer.from(head.join('\r\n')), body]);
}

function gzipTimes(text, times) {
  let body = Buffer.from(text);
  for (let i = 0; i < times; i++) body = gzipSync(body);
  return body;
}

async function verdicts(answer) {
  const s = await site(answer);
  try {
    const robots = await fetchRobotsTxt(`${s.origin}/page`);
    return [robots.isAllowed(`${s.origin}/private/x`, 'FooBot'), robots.isAllowed(`${s.origin}/public`, 'FooBot')];
  } finally {
    await s.stop();
  }
}

test('four stacked codings are undone', async () => {
  const body = gzipTimes(RULES, 4);
  assert.deepEqual(await verdicts(() => response(['Content-Encoding: gzip, gzip, x-gzip, gzip'], body)), [false, true]);
});

test('a fifth coding (which Node would undo) is refused: every URL is disallowed', async () => {
  const body = gzipTimes(RULES, 5);
  assert.deepEqual(await verdicts(() => response(['Content-Encoding: gzip, gzip, gzip, gzip, gzip'], body)), [false, false]);
});

test('identity then gzip, which Node leaves undone, is refused rather than read as rules', async () => {
  const body = gzipTimes('User-agent: *\nDisallow: /\n', 1);
  const fields = ['Content-Encoding: identity', 'Content-Encoding: gzip'];
  assert.deepEqual(await verdicts(() => response(fields, body)), [false, false]);
});

test('a second br coding is refused', async () => {
  assert.deepEqual(await verdicts(() => response(['Content-Encoding: br, br'], Buffer.from([6]))), [false, false]);
});

test('a coding Node does not know is refused', async () => {
  assert.deepEqual(await verdicts(() => response(['Content-Encoding: zstd'], Buffer.from(RULES))), [false, false]);
});

test('a body without end is read to its first 500 KiB', async () => {
  const endless = (socket) => {
    socket.write(`HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n${RULES}`);
    const filler = Buffer.alloc(65536, '#');
    const more = () => {
      while (!socket.destroyed && socket.write(filler));
      if (!socket.destroyed) socket.once('drain', more);
    };
    more();
  };
  assert.deepEqual(await verdicts(() => endless), [false, true]);
});
