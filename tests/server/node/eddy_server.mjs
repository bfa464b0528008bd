// Copyright 2026 The eddy Authors.
//
// Starts the real eddy-server binary for a Node.js test and always stops it:
//
//   import { startServer } from "./eddy_server.mjs";
//   const url = await startServer(binary);             // or (binary, "--flag")
//   const client = new DynamoDBClient(sdkConfig(url));
//
// The server is started with `--port 0`; its one ready line, "eddy-server
// listening on http://127.0.0.1:PORT", gives the URL. Every server started
// here gets SIGTERM when the process exits or is interrupted (SIGINT or
// SIGTERM, which then exit 1). startServer rejects when the server exits
// early, prints another line first, or prints nothing for 30 s.

import { spawn } from "node:child_process";

const servers = [];

function stopServers() {
  for (const s of servers) {
    if (s.exitCode === null && s.signalCode === null) s.kill("SIGTERM");
  }
}
process.on("exit", stopServers);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopServers();
    process.exit(1);
  });
}

export function startServer(binary, ...args) {
  return new Promise((resolve, reject) => {
    const server = spawn(binary, ["--port", "0", ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    servers.push(server);
    let out = "";
    const timer = setTimeout(
      () => reject(new Error("eddy-server printed no ready line")), 30000);
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const newline = out.indexOf("\n");
      if (newline < 0) return;
      clearTimeout(timer);
      const m = /^eddy-server listening on (http:\/\/\S+)$/.exec(
        out.slice(0, newline));
      if (m) resolve(m[1]);
      else reject(new Error(`unexpected ready line: ${out}`));
    });
    server.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`eddy-server exited early with ${code}`));
    });
  });
}

// A client configuration for `url` with dummy credentials and no retries.
export function sdkConfig(url) {
  return {
    endpoint: url,
    region: "us-east-1",
    credentials: { accessKeyId: "AKIDEDDYTEST", secretAccessKey: "x" },
    maxAttempts: 1,
  };
}
