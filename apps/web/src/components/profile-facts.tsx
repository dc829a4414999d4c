/** The pieces a profile page is made of, the member's own and another member's alike. */

/** One labelled fact in a profile's details list (`<dl>`); nothing when the member left it empty or hides it. */
export function ProfileDetail({ label, value, href }: { label: string; value: string | null | undefined; href?: string }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-xs tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className="text-sm break-words text-slate-200">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-400 underline underline-offset-2">
            {value}
          </a>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

/** A member's interest tags as #chips. */
export function InterestTagList({ tags, label }: { tags: string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-wrap gap-2" aria-label={label}>
      {tags.map((t) => (
        <li key={t} className="rounded-full bg-brand-600/20 px-3 py-1 text-xs text-brand-400">
          #{t}
        </li>
      ))}
    </ul>
  );
}
