import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  url: string;
  /** Every message accepted so far, parsed. */
  received: ParsedMail[];
  /** While true, every recipient is refused with a 451 (a temporary failure). */
  refuse: boolean;
  close(): Promise<void>;
}

/** A real SMTP server (the smtp-server package) on a free local port, keeping what it receives. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    received: [],
    refuse: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse) {
        const err = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
        err.responseCode = 451;
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          state.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}
