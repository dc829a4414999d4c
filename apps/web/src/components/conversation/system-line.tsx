/** A line the conversation wrote itself ('Ada added Ben'), centred between the messages. */
export function SystemLine({ text }: { text: string }) {
  return (
    <li data-testid="system-line" className="my-1 flex justify-center px-4">
      <p className="rounded-full bg-slate-800/80 px-3 py-0.5 text-center text-xs text-slate-300">{text}</p>
    </li>
  );
}
