import { displayName, escapeHtml } from './html.ts';

/** The e-mails this service writes; stored in email_queue.kind and shown in the admin outbox. */
export type EmailKind =
  | 'email_confirmation'
  | 'welcome'
  | 'password_reset'
  | 'email_change_confirmation'
  | 'password_changed'
  | 'waiting_list_invitation';

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
}

export function siteLinks(publicUrl: string): SiteLinks {
  const home = publicUrl.replace(/\/+$/, '');
  return { home, login: `${home}/login` };
}

export const PRODUCT_NAME = 'MER';

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'action'; label: string; url: string }
  | { kind: 'list'; items: string[] };

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
