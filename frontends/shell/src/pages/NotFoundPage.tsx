import { Link } from '@mer/router';
import { Card, buttonClassName } from '@mer/design-system';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[70dvh] max-w-xl items-center px-4 py-12">
      <Card padding="lg" className="w-full text-center">
        <p className="font-display text-6xl text-sand-400">404</p>
        <h1 className="mt-4 text-2xl font-semibold">This path leads nowhere</h1>
        <p className="mt-2 text-ink-600">The page you were looking for does not exist or has moved.</p>
        <Link to="/" className={buttonClassName('primary', 'md', 'mt-7')}>
          Go Home
        </Link>
      </Card>
    </div>
  );
}
