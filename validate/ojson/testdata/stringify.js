// The oracle of node_diff_test.go: what gsd-core writes for a JSON file.
//
// Each input line is one document, base64-encoded (documents may hold any
// bytes, newlines included). The bytes are decoded as gsd-core decodes a
// file, fs.readFileSync(p, 'utf8'), which is buffer.toString('utf8'):
// invalid UTF-8 becomes U+FFFD and a byte order mark stays U+FEFF. Each
// answer is one line, in order:
//
//   ok <base64 of the UTF-8 of JSON.stringify(JSON.parse(text), null, 2)>
//   err <the error message, as a JSON string>
//
// JSON.stringify escapes lone surrogates, so its output is well-formed and
// its UTF-8 is exact.
'use strict';

const readline = require('node:readline');

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  const text = Buffer.from(line, 'base64').toString('utf8');
  let answer;
  try {
    const out = JSON.stringify(JSON.parse(text), null, 2);
    answer = 'ok ' + Buffer.from(out, 'utf8').toString('base64');
  } catch (e) {
    answer = 'err ' + JSON.stringify(String(e && e.message));
  }
  process.stdout.write(answer + '\n');
});
