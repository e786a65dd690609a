// A real SMTP server in the test process (the smtp-server package): it records every mail it
// accepts, and can be told to refuse connections, as a mail server that is down does.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type TestSmtpServer = {
  url: string;
  /** The raw messages accepted, in order. */
  received: string[];
  /** Connections opened, accepted or refused. */
  connections: () => number;
  setRefusing: (refusing: boolean) => void;
  close: () => Promise<void>;
};

export async function startTestSmtpServer({ refusing = false } = {}): Promise<TestSmtpServer> {
  const received: string[] = [];
  let connections = 0;
  let refuse = refusing;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      if (!refuse) return callback();
      const error = Object.assign(new Error("Service not available, try again later"), {
        responseCode: 421,
      });
      callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    setRefusing: (value) => {
      refuse = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
