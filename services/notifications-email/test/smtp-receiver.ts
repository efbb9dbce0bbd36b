import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedEmail {
  rcptTo: string[];
  mailFrom: string;
  mail: ParsedMail;
}

/**
 * A real SMTP server on a free local port, with a login, as a mail provider would have.
 * Recipients can be made to answer 451 (try later) a number of times, or 550 (no such mailbox).
 */
export class SmtpReceiver {
  readonly received: ReceivedEmail[] = [];
  readonly temporaryRejections = new Map<string, number>();
  readonly unknownMailboxes = new Set<string>();
  /** Runs while a message's data is in, before the server accepts it (250): something that happens mid-send. */
  whileAccepting: ((rcptTo: string[]) => Promise<void> | void) | null = null;
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth: (auth, _session, callback) => {
        if (auth.username === 'mer' && auth.password === 's3cret:pass') callback(null, { user: 'mer' });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        const to = address.address.toLowerCase();
        if (this.unknownMailboxes.has(to)) return callback(smtpError(550, 'No such mailbox here'));
        const left = this.temporaryRejections.get(to) ?? 0;
        if (left > 0) {
          this.temporaryRejections.set(to, left - 1);
          return callback(smtpError(451, 'Mailbox busy, try again later'));
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          Promise.resolve(this.whileAccepting?.(session.envelope.rcptTo.map((r) => r.address)))
            .then(() => simpleParser(Buffer.concat(chunks)))
            .then((mail) => {
              this.received.push({
                rcptTo: session.envelope.rcptTo.map((r) => r.address),
                mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                mail,
              });
              callback();
            })
            .catch(callback);
        });
      },
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }

  to(address: string): ReceivedEmail[] {
    return this.received.filter((r) => r.rcptTo.includes(address));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}
