// A real SMTP server in the test process (the smtp-server package): it records every mail it
// accepts, and can be told to refuse connections, as a mail server that is down does, or to hold
// its answers at chosen points of a mail's exchange, where a test crashes the sender, or to refuse
// chosen recipients for good (a 550 to RCPT TO, as for a mailbox that does not exist).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { SMTPConnection } from "smtp-server/lib/smtp-connection.js";

// smtp-server waits 100 ms before its greeting, to catch clients that talk too soon. Our sender
// (nodemailer) always waits for the greeting, so here the pause only made each test mail 100 ms slower.
SMTPConnection.prototype.init = function greetAtOnce(this: SMTPConnection) {
  this._setListeners(() => this.connectionReady());
};

export type TestSmtpServer = {
  url: string;
  /** The raw messages accepted, in order. */
  received: string[];
  /** Connections opened, accepted or refused. */
  connections: () => number;
  setRefusing: (refusing: boolean) => void;
  /** Runs at each RCPT TO, before the mail's data can start; the server answers once it resolves. */
  setOnRecipient: (hook: (() => Promise<void>) | undefined) => void;
  /** Answers RCPT TO for these addresses with 550 and the reply given (none: accepted again). */
  setRefusedRecipients: (addresses: string[], reply?: string) => void;
  /**
   * Runs once a mail's data has fully arrived and is in `received` (the server has it), before
   * the server answers it; the answer waits for the hook. The hook's `drop` closes the
   * connection without any answer; its `refuse` answers 554 instead of 250 (and the mail is
   * taken out of `received` again).
   */
  setOnAccept: (hook: ((control: AcceptControl) => Promise<void>) | undefined) => void;
  close: () => Promise<void>;
};

export type AcceptControl = { drop: () => void; refuse: () => void };

export async function startTestSmtpServer({ refusing = false } = {}): Promise<TestSmtpServer> {
  const received: string[] = [];
  let connections = 0;
  let refuse = refusing;
  let onRecipient: (() => Promise<void>) | undefined;
  let refusedRecipients = new Set<string>();
  let refusalReply = "";
  let onAccept: ((control: AcceptControl) => Promise<void>) | undefined;
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
    onRcptTo(address, _session, callback) {
      if (refusedRecipients.has(address.address.toLowerCase())) {
        return callback(Object.assign(new Error(refusalReply), { responseCode: 550 }));
      }
      if (!onRecipient) return callback();
      onRecipient().then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const index = received.push(Buffer.concat(chunks).toString("utf8")) - 1;
        if (!onAccept) return callback();
        let answer: "accept" | "drop" | "refuse" = "accept";
        const control: AcceptControl = {
          drop: () => {
            answer = "drop";
            for (const connection of server.connections) {
              if (connection.id === session.id) connection.close();
            }
          },
          refuse: () => {
            answer = "refuse";
            received.splice(index, 1);
          },
        };
        onAccept(control).then(() => {
          if (answer === "accept") callback();
          else if (answer === "refuse") {
            callback(Object.assign(new Error("Message refused"), { responseCode: 554 }));
          }
        }, callback);
      });
    },
  });
  // A client killed mid-session resets its connection: for a mail server, an ordinary event.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    setRefusing: (value) => {
      refuse = value;
    },
    setOnRecipient: (hook) => {
      onRecipient = hook;
    },
    setRefusedRecipients: (addresses, reply = "5.1.1 No such mailbox here") => {
      refusedRecipients = new Set(addresses.map((address) => address.toLowerCase()));
      refusalReply = reply;
    },
    setOnAccept: (hook) => {
      onAccept = hook;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
