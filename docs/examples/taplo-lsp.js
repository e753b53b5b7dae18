// Taplo's TOML language server, the WebAssembly build that the Even Better TOML
// extension runs, served over standard input and output like any language
// server. Runs on Node.js 20 and `npm install @taplo/lsp`.
//
//     node taplo-lsp.js
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const url = require("node:url");
const { TaploLsp } = require("@taplo/lsp");

// The nearest .taplo.toml or taplo.toml from a folder upwards, as Taplo looks.
function findConfigFile(from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    for (const name of [".taplo.toml", "taplo.toml"]) {
      const candidate = path.join(dir, name);
      if (fs.existsSync(candidate)) return candidate;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

// What the WebAssembly server asks of its host: files, clock, environment.
const environment = {
  now: () => new Date(),
  envVar: (name) => process.env[name],
  envVars: () => Object.entries(process.env),
  stdErrAtty: () => false,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  glob: () => [],
  readFile: (file) => fs.promises.readFile(file),
  writeFile: (file, bytes) => fs.promises.writeFile(file, bytes),
  // The server also names its own workspace with a "root:" address.
  urlToFilePath: (address) =>
    address.startsWith("file:") ? url.fileURLToPath(address) : new URL(address).pathname,
  isAbsolute: (file) => path.isAbsolute(file),
  cwd: () => process.cwd(),
  findConfigFile,
  fetch: { fetch, Headers, Request, Response },
};

function write(message) {
  const body = Buffer.from(JSON.stringify(message), "utf8");
  process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
  process.stdout.write(body);
}

TaploLsp.initialize(environment, { onMessage: write }).then((server) => {
  let pending = Buffer.alloc(0);
  process.stdin.on("data", (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const end = pending.indexOf("\r\n\r\n");
      if (end < 0) return;
      const header = pending.subarray(0, end).toString("ascii");
      const length = Number(/Content-Length: *(\d+)/i.exec(header)[1]);
      if (pending.length < end + 4 + length) return;
      const body = pending.subarray(end + 4, end + 4 + length).toString("utf8");
      pending = pending.subarray(end + 4 + length);
      server.send(JSON.parse(body));
    }
  });
  process.stdin.on("end", () => process.exit(0));
});
