import '../styles.css';
import { LegalDocument, LegalList, type LegalSection } from '../components/LegalDocument.tsx';
import { BROWSER_STORAGE } from '../domain/browser-storage.ts';

export const COOKIE_POLICY_UPDATED = '13 December 2026';

const SECTIONS: readonly LegalSection[] = [
  {
    title: '1. The one cookie',
    body: (
      <>
        <p>
          MER sets a single cookie, <code>mer_refresh</code>, when you log in or sign up. It holds a random
          session token that lets the app get you a new short-lived access key without asking for your
          password again. It is <strong>HttpOnly</strong> (scripts on the page cannot read it),{' '}
          <strong>Secure</strong> (sent only over HTTPS), <strong>SameSite=Strict</strong> (never sent by
          other sites) and limited to MER’s session address. With “Remember me” it lasts 30 days; otherwise it
          ends when you close the browser. Signing out deletes it.
        </p>
        <p>
          It is strictly necessary for logging in, so it needs no consent. MER sets no analytics, advertising
          or tracking cookies, and no one else sets cookies through MER. Stripe’s payment page, which you
          visit only to pay, is Stripe’s own site with its own cookies.
        </p>
      </>
    ),
  },
  {
    title: '2. What the app keeps in your browser',
    body: (
      <>
        <p>
          The app also keeps a few entries in your browser’s local storage. They never leave your device on
          their own, hold no password or access key, and are removed when you sign out (except where noted).
          Deleting your account clears all of them.
        </p>
        <div className="overflow-x-auto">
          <table className="mt-2 w-full min-w-[34rem] border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-sand-200 text-ink-900">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Key
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Why
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Removed at
                </th>
              </tr>
            </thead>
            <tbody>
              {BROWSER_STORAGE.map((row) => (
                <tr key={row.key} className="border-b border-sand-100 align-top">
                  <td className="py-2 pr-4">
                    <code className="break-all">{row.key}</code>
                  </td>
                  <td className="py-2 pr-4">{row.why}</td>
                  <td className="py-2">{row.until}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    ),
  },
  {
    title: '3. The offline app',
    body: (
      <p>
        Because MER can be installed as an app, a service worker keeps copies of the app’s own files (its
        code, styles, fonts and icons) in the browser’s cache, so it opens quickly and works when the network
        is poor. These copies contain none of your personal data and are replaced when a new version of MER is
        published.
      </p>
    ),
  },
  {
    title: '4. Your choices',
    body: (
      <LegalList
        items={[
          'Sign out to remove the cookie and the entries above from this browser.',
          'Clearing your browser’s site data for MER removes everything, and logs you out.',
          'Blocking cookies for MER means you cannot stay logged in.',
        ]}
      />
    ),
  },
];

/** /cookies: the one cookie MER sets and what it keeps in the browser. */
export default function CookiePolicyPage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      updated={COOKIE_POLICY_UPDATED}
      intro={
        <p>
          MER uses one cookie, to keep you logged in, and a few entries in your browser’s storage that make
          the app work. None of them track you.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
