import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <Link to={paths.home.getHref()} className="text-brand-400 underline">
        Go to the home page
      </Link>
    </main>
  );
}
