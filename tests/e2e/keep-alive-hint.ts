// Playwright's API requests (context.request) go through a keep-alive http.Agent made without a
// timeout, and Node's agent then ignores the server's "Keep-Alive: timeout=5" hint: an idle socket
// stays pooled until the server closes it, and a request sent as it does is reset (ECONNRESET),
// which a browser retries and Playwright does not. With a timeout of its own, the agent closes an
// idle socket a second before the hint runs out, as Node's global agent and browsers do.
import http from "node:http";

const keepSocketAlive = http.Agent.prototype.keepSocketAlive;

http.Agent.prototype.keepSocketAlive = function keepSocketAliveByTheHint(socket) {
  // `options` is the agent's own (not in @types/node); 60 s only ever applies without a hint.
  const { options } = this as http.Agent & { options: http.AgentOptions };
  options.timeout ??= 60_000;
  return keepSocketAlive.call(this, socket);
};
