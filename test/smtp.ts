import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower case. */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Decoded Subject header. */
  subject: string;
  /** The Message-ID header (with its angle brackets), or null: a mail program shows one message per id. */
  messageId: string | null;
  /** The text/plain body (the first one of a multipart message), decoded. */
  text: string;
  /** The text/html body, when the message has one. */
  html: string | null;
  /** The message as it arrived. */
  raw: string;
  /** When its data had arrived (ms since the epoch). */
  at: number;
}

export interface TestSmtp {
  /** For SMTP_URL: `smtp://127.0.0.1:PORT` (no TLS, no authentication). */
  url: string;
  port: number;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /**
   * The oldest message to `address` that no earlier call returned, waiting for it up to `timeoutMs`;
   * so two calls for the same address give its first and then its second message.
   */
  waitForMessage(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** While on, every recipient is refused with a temporary error (451), as a mail server that is down for a while. */
  refuse(on: boolean): void;
  /**
   * While on, a message is kept as received once its data has arrived, but the answer to its DATA
   * waits until `hold(false)`: a mail server that took a message whose sender never heard so (died
   * before the answer came) and, as real servers do, delivers it all the same.
   */
  hold(on: boolean): void;
  /** How many messages are kept but not answered yet (see `hold`). */
  held(): number;
  /** Waits until `check(messages)` holds, looked at as each message arrives; rejects after `timeoutMs`. */
  received(check: (messages: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// A small MIME reader: enough for what nodemailer writes (mailparser is not a dependency).

interface Part {
  headers: Map<string, string>;
  body: string;
}

function decodeBytes(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function quotedPrintableBytes(text: string): Buffer {
  const binary = text.replace(/[ \t]+\r?\n/g, '\r\n').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < binary.length; i++) {
    const hex = binary.slice(i + 1, i + 3);
    if (binary[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(binary.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?utf-8?B?...?=`); blanks between two encoded words vanish. */
export function decodeHeader(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  // Adjacent words of one charset are joined as bytes first: a character may be split between them.
  return joined.replace(/(?:=\?([^?]+)\?[BbQq]\?[^?]*\?=)+/g, (run) => {
    const chunks: Buffer[] = [];
    let charset = 'utf-8';
    for (const [, cs, encoding, text] of run.matchAll(word)) {
      charset = cs.replace(/\*.*$/, '');
      chunks.push(encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintableBytes(text.replace(/_/g, ' ')));
    }
    return decodeBytes(Buffer.concat(chunks), charset);
  });
}

function parsePart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
    }
  }
  return { headers, body };
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBody(part: Part): string {
  const type = part.headers.get('content-type') ?? 'text/plain; charset=us-ascii';
  const charset = parameter(type, 'charset') ?? 'utf-8';
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeBytes(quotedPrintableBytes(part.body), charset);
  return decodeBytes(Buffer.from(part.body, 'latin1'), charset);
}

/** The decoded text/plain and text/html bodies of a (possibly nested multipart) message. */
function bodies(part: Part): { text: string | null; html: string | null } {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = parameter(part.headers.get('content-type')!, 'boundary');
    const found: { text: string | null; html: string | null } = { text: null, html: null };
    if (!boundary) return found;
    const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const sections = part.body.split(new RegExp(`\\r?\\n?--${escaped}(?:--)?[ \\t]*(?:\\r?\\n|$)`));
    // The first section is the preamble and the last one the epilogue.
    for (const section of sections.slice(1, -1)) {
      const inner = bodies(parsePart(section));
      found.text ??= inner.text;
      found.html ??= inner.html;
    }
    return found;
  }
  if (/attachment/i.test(part.headers.get('content-disposition') ?? '')) return { text: null, html: null };
  if (type.startsWith('text/html')) return { text: null, html: decodeBody(part) };
  if (type.startsWith('text/')) return { text: decodeBody(part), html: null };
  return { text: null, html: null };
}

/** Reads a message as received over SMTP (dot-stuffing already undone by smtp-server). */
export function parseMessage(data: Buffer, envelope: { from: string; to: string[] }): ReceivedMail {
  // One character per byte while taking the message apart; each body is decoded by its own charset.
  const message = parsePart(data.toString('latin1'));
  // The line break that ends the DATA section belongs to SMTP, not to the body.
  message.body = message.body.replace(/\r?\n$/, '');
  const { text, html } = bodies(message);
  return {
    to: envelope.to.map((address) => address.toLowerCase()),
    from: envelope.from,
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    messageId: message.headers.get('message-id') ?? null,
    text: (text ?? '').replace(/\r\n/g, '\n'),
    html,
    raw: data.toString('utf8'),
    at: Date.now(),
  };
}

// ---------------------------------------------------------------------------------------------

export interface SmtpOptions {
  /** Messages answered per second at most, as a mail server with a set pace: an answer waits for its turn. */
  perSecond?: number;
}

/** A local SMTP server on a free port of 127.0.0.1 that keeps every message it receives. */
export async function startSmtp({ perSecond }: SmtpOptions = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const handedOut = new Set<ReceivedMail>();
  const listeners = new Set<() => void>();
  let refusing = false;
  let holding = false;
  const waitingAnswers: Array<() => void> = [];
  // The pace: when the next answer may go at the earliest.
  let nextTurn = 0;
  const answer = (reply: () => void) => {
    if (holding) return void waitingAnswers.push(reply);
    if (!perSecond) return reply();
    const now = Date.now();
    nextTurn = Math.max(now, nextTurn + 1000 / perSecond);
    if (nextTurn <= now) return reply();
    setTimeout(reply, nextTurn - now);
  };
  const server = new SMTPServer({
    authOptional: true,
    // Plain text only; credentials in SMTP_URL (smtp://user:pass@...) are accepted whatever they are.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'test' }),
    logger: false,
    onRcptTo: (_address, _session, callback) => callback(refusing ? Object.assign(new Error('Try again later'), { responseCode: 451 }) : undefined),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelope = session.envelope;
        messages.push(
          parseMessage(Buffer.concat(chunks), {
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((recipient) => recipient.address),
          }),
        );
        answer(() => callback());
        for (const wake of listeners) wake();
      });
    },
  });
  server.on('error', () => undefined); // a client that hangs up mid-session is not a test failure

  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    refuse: (on) => {
      refusing = on;
    },
    hold: (on) => {
      holding = on;
      // An answer to a sender that hung up meanwhile goes nowhere.
      if (!on) for (const reply of waitingAnswers.splice(0)) answer(reply);
    },
    held: () => waitingAnswers.length,
    received(check, timeoutMs = 5000) {
      if (check(messages)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          listeners.delete(look);
        };
        const look = () => {
          if (check(messages)) {
            done();
            resolve();
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`the awaited mails did not arrive within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        listeners.add(look);
      });
    },
    waitForMessage(address, timeoutMs = 5000) {
      const wanted = address.toLowerCase();
      const take = () => {
        const found = messages.find((message) => !handedOut.has(message) && message.to.includes(wanted));
        if (found) handedOut.add(found);
        return found;
      };
      const now = take();
      if (now) return Promise.resolve(now);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        const check = () => {
          const found = take();
          if (found) {
            done();
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          done();
          const seen = messages.map((message) => message.to.join(',')).join('; ') || 'none';
          reject(new Error(`No mail to ${address} within ${timeoutMs} ms (received for: ${seen})`));
        }, timeoutMs);
        listeners.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
