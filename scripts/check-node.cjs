// Run first by every npm script (and the systemd unit): says in one line which Node.js is needed
// and how to get it, instead of a stack trace from a Node too old to load the TypeScript scripts.
// Plain CommonJS JavaScript (no TypeScript, no import), so that any Node version can run it.
"use strict";

const required = { major: 24, minor: 7 };

/** The one-line problem with this Node version, or null when it is new enough. */
function describeNodeProblem(version) {
  const [major, minor] = String(version).replace(/^v/, "").split(".").map(Number);
  if (major > required.major || (major === required.major && minor >= required.minor)) return null;
  return `This site needs Node.js ${required.major}.${required.minor} or newer (found ${version}): install it with \`nvm install ${required.major}\` (see .nvmrc) or from https://nodejs.org/en/download`;
}

module.exports = { describeNodeProblem };

// SITE_NODE_VERSION_FOR_TEST lets the tests play an older Node without installing one.
const problem =
  require.main === module
    ? describeNodeProblem(process.env.SITE_NODE_VERSION_FOR_TEST || process.version)
    : null;
if (problem) {
  console.error(problem);
  process.exit(1);
}
