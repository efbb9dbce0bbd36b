import '../styles.css';
import { Link } from '@mer/router';
import { LegalDocument, LegalList, type LegalSection } from '../components/LegalDocument.tsx';

/** When this text last changed in substance. */
export const PRIVACY_UPDATED = '13 December 2026';

// Every statement here describes what MER's services do (services/*/README.md); change it with them.
const SECTIONS: readonly LegalSection[] = [
  {
    title: '1. What we keep about you',
    body: (
      <>
        <p>
          <strong>Your account</strong>: your name, username, e-mail address, whether you confirmed it, the
          invitation code you joined with, your roles, and your password as an argon2id hash (we never store
          or see the password itself). If you put yourself on the waiting list, we keep the name and e-mail
          address you gave until you join.
        </p>
        <p>
          <strong>Your sessions</strong>: for each device you are logged in on, a session record with a hashed
          refresh token, when it started and when it ends (30 days with “Remember me”, otherwise when you
          close the browser, and at most one day). Failed log-in attempts are counted per account and per
          network address for a short time, to stop people guessing passwords.
        </p>
        <p>
          <strong>Your profile</strong>: name, photo, short intro, city, languages, practices and interests,
          your notification and privacy preferences, badges, and whether you completed onboarding. While you
          fill in the onboarding wizard we keep a draft, so you can continue on another device.
        </p>
        <p>
          <strong>Your birth details (optional)</strong>: if you choose to add them, your date, time and place
          of birth and the astrology and Human Design chart calculated from them. Other members see them only
          if you switch on “Share my birth data and chart”; it is off until you do. You can remove them at any
          time in Settings → Cosmic info.
        </p>
        <p>
          <strong>Your membership</strong>: the plan you chose, its price and any invitation discount, when it
          started, renews or ends, and the customer and subscription references of our payment provider.
        </p>
        <p>
          <strong>E-mails we send you</strong>: a copy of each e-mail (recipient, subject, content) with its
          delivery status, so that we can retry failed deliveries and answer questions about them.
        </p>
      </>
    ),
  },
  {
    title: '2. Your photo and the face check',
    body: (
      <>
        <p>
          Profile photos must show your face. When you upload one, our own servers turn it upright, crop it to
          a square of at most 1024 pixels, and save it as a new JPEG without any of the original file’s
          metadata (camera details and GPS location are removed). A face detector running on our servers then
          counts the faces in it; we keep only that count with the photo. The photo is never sent to an
          outside service.
        </p>
        <p>
          Your profile photo is visible to signed-in members. When you replace it, the old one is deleted
          after one day; when you delete your account, all your photos are deleted.
        </p>
      </>
    ),
  },
  {
    title: '3. Payments',
    body: (
      <p>
        Memberships are paid through Stripe. You enter your card details on Stripe’s payment page; they never
        reach MER. We send Stripe your e-mail address, the plan, the price and any discount, and Stripe tells
        us when a payment succeeds or fails. Stripe processes that data under its own privacy policy. (A test
        installation of MER uses a built-in test checkout marked “TEST PAYMENT”, where no money moves.)
      </p>
    ),
  },
  {
    title: '4. What other members see',
    body: (
      <LegalList
        items={[
          'Your name, username, photo, intro, languages, practices, interests and badges.',
          'Your city, unless you switch off location sharing in Settings → Privacy.',
          'Your birth details and chart, only if you switch on “Share my birth data and chart”.',
          'Never your e-mail address, your password, your sessions or your payments.',
        ]}
      />
    ),
  },
  {
    title: '5. What we use your data for',
    body: (
      <>
        <p>
          To let you in and keep your account safe, to show your profile to the community, to calculate your
          chart if you ask for it, to run your membership, and to send you the e-mails you need (confirming
          your address, resetting your password, changes to your account) and those you chose in your
          notification settings.
        </p>
        <p>
          We do not sell your data, we do not show ads, and we do not share your data with outside AI
          providers. Suggestions of people, circles and events are calculated on our own servers.
        </p>
      </>
    ),
  },
  {
    title: '6. Who else handles it',
    body: (
      <LegalList
        items={[
          'Stripe, for payments (see above).',
          'The e-mail provider that delivers our messages, which sees the recipient and the content of each e-mail.',
          'The hosting of our servers, database and photo storage.',
        ]}
      />
    ),
  },
  {
    title: '7. How long we keep it, and deleting your account',
    body: (
      <>
        <p>
          We keep your data while you have an account. You can delete your account at any time in Settings.
          Deleting it removes your account, sessions, profile, photos, birth details, drafts and the e-mails
          we sent you from every part of MER. Payment records (amounts, dates, plan and the payment provider’s
          references) are kept without your name or e-mail address, because bookkeeping law requires them;
          your subscription is stopped.
        </p>
        <p>
          Signing out ends the session on our side and removes what MER kept in your browser for that session
          (see the <Link to="/cookies">Cookie Policy</Link>).
        </p>
      </>
    ),
  },
  {
    title: '8. Your rights',
    body: (
      <p>
        You can see and correct your profile and preferences in Settings at any time, change what other
        members see, and delete your account. For a copy of your data, or any question about this policy,
        write to the support address given in the app. You may also complain to your data protection
        authority.
      </p>
    ),
  },
];

/** /privacy: what MER stores and does with it, true to what the services keep. */
export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      intro={
        <p>
          MER is a members-only community. We keep what the community needs to work and nothing for
          advertising. This page says exactly what that is, who sees it and how to remove it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
