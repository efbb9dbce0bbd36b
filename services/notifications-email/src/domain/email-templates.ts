import { displayName, escapeHtml } from './html.ts';

/** The e-mails this service writes; stored in email_queue.kind and shown in the admin outbox. */
export type EmailKind =
  | 'email_confirmation'
  | 'welcome'
  | 'password_reset'
  | 'email_change_confirmation'
  | 'password_changed'
  /** About one notification (its type is the queue's email_type). */
  | 'notification'
  /** Several delayed notification e-mails of one member that fell due together. */
  | 'notification_batch'
  | 'connection_request'
  | 'digest'
  /** A sample from the /email-test page's tester. */
  | 'test'
  | 'waiting_list_invitation';

/** E-mails about the account itself: sent even to a member who unsubscribed from all, never tracked. */
export const ACCOUNT_EMAIL_KINDS: ReadonlySet<EmailKind> = new Set([
  'email_confirmation',
  'password_reset',
  'email_change_confirmation',
  'password_changed',
]);

export interface ComposedEmail {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the reader is asked to open, if any (the local outbox prints it). */
  actionUrl: string | null;
}

/** Addresses on the public site that e-mails point to (from PUBLIC_URL). */
export interface SiteLinks {
  home: string;
  login: string;
  /** An absolute address for a path on the site ('/messages/…' → 'https://site/messages/…'). */
  page(path: string): string;
}

export function siteLinks(publicUrl: string): SiteLinks {
  const home = publicUrl.replace(/\/+$/, '');
  return { home, login: `${home}/login`, page: (path) => `${home}${path.startsWith('/') ? '' : '/'}${path}` };
}

export const PRODUCT_NAME = 'MER';

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'action'; label: string; url: string }
  | { kind: 'list'; items: string[] }
  /** Member text quoted (a message, a comment). */
  | { kind: 'quote'; text: string }
  | { kind: 'links'; items: { text: string; url: string }[] };

const paragraph = (text: string): Block => ({ kind: 'paragraph', text });
const action = (label: string, url: string): Block => ({ kind: 'action', label, url });

/**
 * Writes the plain-text and HTML bodies from the same blocks, so the two never say different
 * things. Every piece of text is escaped for HTML: names come from members.
 */
function renderBody(site: SiteLinks, name: string, blocks: Block[]): { text: string; html: string } {
  const who = displayName(name);
  const greeting = who ? `Hello ${who},` : 'Hello,';
  const signOff = ['With warmth,', `The ${PRODUCT_NAME} team`];

  const textParts = [greeting];
  for (const block of blocks) {
    if (block.kind === 'paragraph') textParts.push(block.text);
    else if (block.kind === 'action') textParts.push(`${block.label}:\n${block.url}`);
    else if (block.kind === 'quote') textParts.push(`> ${block.text.replace(/\n/g, '\n> ')}`);
    else if (block.kind === 'links')
      textParts.push(block.items.map((i) => `- ${i.text}\n  ${i.url}`).join('\n'));
    else textParts.push(block.items.map((item) => `- ${item}`).join('\n'));
  }
  textParts.push(signOff.join('\n'), site.home);
  const text = `${textParts.join('\n\n')}\n`;

  const p = 'margin:0 0 16px 0;';
  const htmlBlocks = blocks.map((block) => {
    if (block.kind === 'paragraph') return `<p style="${p}">${escapeHtml(block.text)}</p>`;
    if (block.kind === 'action') {
      const href = escapeHtml(block.url);
      return (
        `<p style="margin:24px 0;"><a href="${href}" style="background:#5b4b8a;color:#ffffff;padding:12px 20px;` +
        `border-radius:6px;text-decoration:none;display:inline-block;">${escapeHtml(block.label)}</a></p>` +
        `<p style="${p}font-size:13px;color:#666666;">If the button does not work, copy this address into your browser:<br>` +
        `<a href="${href}" style="color:#5b4b8a;word-break:break-all;">${href}</a></p>`
      );
    }
    if (block.kind === 'quote') {
      return `<blockquote style="${p}padding:12px 16px;border-left:3px solid #c9bfe3;color:#4a4452;background:#faf8fd;">${escapeHtml(block.text)}</blockquote>`;
    }
    if (block.kind === 'links') {
      const items = block.items.map(
        (i) =>
          `<li style="margin:0 0 8px 0;"><a href="${escapeHtml(i.url)}" style="color:#5b4b8a;">${escapeHtml(i.text)}</a></li>`,
      );
      return `<ul style="${p}padding-left:20px;">${items.join('')}</ul>`;
    }
    return `<ul style="${p}padding-left:20px;">${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  });
  const html = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:24px;background:#f7f5fb;font-family:Georgia,serif;color:#2d2a32;line-height:1.5;">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">',
    `<p style="${p}">${escapeHtml(greeting)}</p>`,
    ...htmlBlocks,
    `<p style="${p}">${signOff.map(escapeHtml).join('<br>')}</p>`,
    `<p style="margin:24px 0 0 0;font-size:12px;color:#888888;"><a href="${escapeHtml(site.home)}" style="color:#888888;">${PRODUCT_NAME}</a></p>`,
    '</div></body></html>',
  ].join('\n');
  return { text, html };
}

/** The e-mail-confirmation e-mail sent at sign-up. */
export function composeEmailConfirmation(
  site: SiteLinks,
  input: { to: string; name: string; confirmationUrl: string },
): ComposedEmail {
  return {
    kind: 'email_confirmation',
    to: input.to,
    subject: `Please confirm your e-mail address for ${PRODUCT_NAME}`,
    actionUrl: input.confirmationUrl,
    ...renderBody(site, input.name, [
      paragraph(
        `Thank you for joining ${PRODUCT_NAME}. To confirm that this address is yours, please open this link:`,
      ),
      action('Confirm my e-mail address', input.confirmationUrl),
      paragraph(
        `If you did not create an account on ${PRODUCT_NAME}, you can ignore this e-mail; nothing else will happen.`,
      ),
    ]),
  };
}

/** The welcome e-mail sent at sign-up, beside the confirmation. */
export function composeWelcome(site: SiteLinks, input: { to: string; name: string }): ComposedEmail {
  return {
    kind: 'welcome',
    to: input.to,
    subject: `Welcome to ${PRODUCT_NAME}`,
    actionUrl: null,
    ...renderBody(site, input.name, [
      paragraph(`Welcome to ${PRODUCT_NAME}. We are truly glad you are here.`),
      paragraph(
        `${PRODUCT_NAME} is a home for spiritual and mindful people: circles to join, events and meetups to attend, ` +
          'kindred spirits to connect with, and a community to share what moves you.',
      ),
      paragraph('A few gentle first steps, whenever you are ready:'),
      {
        kind: 'list',
        items: [
          'choose your membership,',
          'complete your profile so others can find you,',
          'say hello in the community.',
        ],
      },
      action(`Visit ${PRODUCT_NAME}`, site.home),
      paragraph('Take your time. We are happy to have you with us.'),
    ]),
  };
}

/** An admin invited someone from the waiting list: their own invitation code and the sign-up link. */
export function composeWaitingListInvitation(
  site: SiteLinks,
  input: { to: string; name: string; invitationCode: string; signupUrl: string },
): ComposedEmail {
  return {
    kind: 'waiting_list_invitation',
    to: input.to,
    subject: `Your invitation to ${PRODUCT_NAME}`,
    actionUrl: input.signupUrl,
    ...renderBody(site, input.name, [
      paragraph(`A place is free for you: you are invited to join ${PRODUCT_NAME}.`),
      paragraph(`Your invitation code is ${input.invitationCode}. It can be used once.`),
      action('Create my account', input.signupUrl),
    ]),
  };
}

/** The password-reset e-mail with its one-time link. */
export function composePasswordReset(
  site: SiteLinks,
  input: { to: string; name: string; resetUrl: string; validFor: string },
): ComposedEmail {
  return {
    kind: 'password_reset',
    to: input.to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    actionUrl: input.resetUrl,
    ...renderBody(site, input.name, [
      paragraph(
        `We received a request to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
      ),
      action('Choose a new password', input.resetUrl),
      paragraph(`The link can be used once and expires in ${input.validFor}.`),
      paragraph(
        'If you did not ask for this, you can safely ignore this e-mail: your password stays as it is.',
      ),
    ]),
  };
}

/** The confirmation of a new e-mail address, sent to the new address. */
export function composeEmailChangeConfirmation(
  site: SiteLinks,
  input: { to: string; name: string; confirmationUrl: string },
): ComposedEmail {
  return {
    kind: 'email_change_confirmation',
    to: input.to,
    subject: `Confirm your new e-mail address for ${PRODUCT_NAME}`,
    actionUrl: input.confirmationUrl,
    ...renderBody(site, input.name, [
      paragraph(
        `You asked to use this address for your ${PRODUCT_NAME} account. To confirm the change, please open this link:`,
      ),
      action('Confirm my new address', input.confirmationUrl),
      paragraph(
        'Until you confirm, your account keeps using your current address. If you did not ask for this, you can ignore this e-mail.',
      ),
    ]),
  };
}

/** The short security notice after a password change. */
export function composePasswordChanged(
  site: SiteLinks,
  input: { to: string; name: string; reason: 'reset' | 'change' },
): ComposedEmail {
  const how = input.reason === 'reset' ? 'with a password-reset link' : 'from your account settings';
  return {
    kind: 'password_changed',
    to: input.to,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    actionUrl: null,
    ...renderBody(site, input.name, [
      paragraph(`The password of your ${PRODUCT_NAME} account was just changed ${how}.`),
      paragraph('If this was you, there is nothing more to do.'),
      paragraph(
        'If it was not you, please reset your password right away: open the sign-in page, choose "Forgot password", and follow the e-mail we send you.',
      ),
      action('Go to sign-in', site.login),
    ]),
  };
}

/**
 * How long a link stays valid, in words: "1 hour", "2 hours", "30 minutes". Falls back to
 * "1 hour" (identity's reset lifetime) when the times are missing or inconsistent.
 */
export function describeValidity(fromIso: string, untilIso: string): string {
  const minutes = Math.round((Date.parse(untilIso) - Date.parse(fromIso)) / 60_000);
  if (!Number.isFinite(minutes) || minutes <= 0) return '1 hour';
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What a notification e-mail says: the notification's own words and where it leads. */
export interface NotificationEmailFacts {
  title: string;
  message: string;
  contentPreview: string | null;
  /** A path on the site (the notification's action_url). */
  actionUrl: string;
}

const ACTION_LABELS: Record<string, string> = {
  message: 'Read the message',
  connection_request: 'See the request',
  connection_accepted: 'See their profile',
  photo_tag: 'See the photo',
  circle_invitation: 'See the circle',
  circle_update: 'See the circle',
  event_reminder: 'See the event',
  event: 'See the event',
};

/** One notification as an e-mail (a message, a mention, a reaction, a circle update…). */
export function composeNotificationEmail(
  site: SiteLinks,
  input: { to: string; name: string; type: string; notification: NotificationEmailFacts },
): ComposedEmail {
  const n = input.notification;
  const url = site.page(n.actionUrl);
  const blocks: Block[] = [paragraph(n.message)];
  if (n.contentPreview) blocks.push({ kind: 'quote', text: n.contentPreview });
  blocks.push(action(ACTION_LABELS[input.type] ?? `Open ${PRODUCT_NAME}`, url));
  return {
    kind: 'notification',
    to: input.to,
    subject: n.title,
    actionUrl: url,
    ...renderBody(site, input.name, blocks),
  };
}

/** Several delayed notification e-mails of one member that fell due together, as one e-mail. */
export function composeNotificationBatch(
  site: SiteLinks,
  input: { to: string; name: string; notifications: NotificationEmailFacts[] },
): ComposedEmail {
  const count = input.notifications.length;
  const url = site.page('/notifications');
  return {
    kind: 'notification_batch',
    to: input.to,
    subject: `${count} new notifications on ${PRODUCT_NAME}`,
    actionUrl: url,
    ...renderBody(site, input.name, [
      paragraph(`Here is what happened on ${PRODUCT_NAME} while you were away:`),
      {
        kind: 'links',
        items: input.notifications.map((n) => ({ text: n.message, url: site.page(n.actionUrl) })),
      },
      action('See all notifications', url),
    ]),
  };
}

/** A connection request, from the connection-request batch processor. */
export function composeConnectionRequestEmail(
  site: SiteLinks,
  input: { to: string; name: string; senderName: string },
): ComposedEmail {
  const url = site.page('/connections?tab=requests');
  const sender = displayName(input.senderName) || 'A member';
  return {
    kind: 'connection_request',
    to: input.to,
    subject: `${sender} would like to connect with you`,
    actionUrl: url,
    ...renderBody(site, input.name, [
      paragraph(`${sender} sent you a connection request on ${PRODUCT_NAME}.`),
      action('See the request', url),
      paragraph('You can accept or decline it whenever you like; they are not told if you decline.'),
    ]),
  };
}

export interface DigestStats {
  newConnections: number;
  newMessages: number;
  upcomingEvents: number;
  circleActivity: number;
}

/** The daily or weekly digest: the spec's stats, the latest notifications and a few recommendations. */
export function composeDigest(
  site: SiteLinks,
  input: {
    to: string;
    name: string;
    digestType: 'daily' | 'weekly';
    stats: DigestStats;
    notifications: NotificationEmailFacts[];
    recommendations: string[];
  },
): ComposedEmail {
  const { stats } = input;
  const period = input.digestType === 'daily' ? 'today' : 'this week';
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const url = site.page('/notifications');
  const blocks: Block[] = [
    paragraph(`Here is your ${input.digestType} look at ${PRODUCT_NAME}, ${period}:`),
    {
      kind: 'list',
      items: [
        plural(stats.newConnections, 'new connection', 'new connections'),
        plural(stats.newMessages, 'new message', 'new messages'),
        plural(stats.upcomingEvents, 'upcoming event', 'upcoming events'),
        plural(stats.circleActivity, 'circle update', 'circle updates'),
      ],
    },
  ];
  if (input.notifications.length) {
    blocks.push(paragraph('The latest for you:'));
    blocks.push({
      kind: 'links',
      items: input.notifications.map((n) => ({ text: n.message, url: site.page(n.actionUrl) })),
    });
  }
  if (input.recommendations.length) {
    blocks.push(paragraph('You might enjoy:'));
    blocks.push({ kind: 'list', items: input.recommendations });
  }
  blocks.push(action(`Open ${PRODUCT_NAME}`, url));
  return {
    kind: 'digest',
    to: input.to,
    subject: input.digestType === 'daily' ? `Your ${PRODUCT_NAME} day` : `Your week on ${PRODUCT_NAME}`,
    actionUrl: url,
    ...renderBody(site, input.name, blocks),
  };
}

/**
 * What every e-mail to a member ends with: the unsubscribe link (also in the List-Unsubscribe header), and in
 * the HTML the open-tracking pixel. Added when the e-mail is sent, once its log id is known.
 */
export function withFooter(
  email: { text: string; html: string },
  footer: { unsubscribeUrl: string | null; pixelUrl: string | null },
): { text: string; html: string } {
  let { text, html } = email;
  const closing = '</div></body></html>';
  const extra: string[] = [];
  if (footer.unsubscribeUrl) {
    text += `\nTo stop receiving these e-mails, unsubscribe here:\n${footer.unsubscribeUrl}\n`;
    extra.push(
      `<p style="margin:16px 0 0 0;font-size:12px;color:#888888;">Not for you any more? ` +
        `<a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#888888;">Unsubscribe</a></p>`,
    );
  }
  if (footer.pixelUrl) {
    extra.push(
      `<img src="${escapeHtml(footer.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0;">`,
    );
  }
  if (extra.length && html.endsWith(closing))
    html = `${html.slice(0, -closing.length)}${extra.join('\n')}\n${closing}`;
  return { text, html };
}
