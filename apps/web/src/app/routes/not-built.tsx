import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Screens of the spec that are not built yet say so plainly instead of showing sample data. */
export function NotBuiltPage({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-slate-800 bg-slate-900 p-8 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-3 text-slate-400">This part of Tribeverse is on its way. Meanwhile your feed and chats are waiting.</p>
      <Link to={paths.landing.getHref()} className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">
        Back to Home
      </Link>
    </section>
  );
}
