import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** The ten backup codes, shown once: copy or download them before closing. */
export function BackupCodesList({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `Tribeverse backup codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'tribeverse-backup-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-300">
        Keep these backup codes somewhere safe. Each one signs you in once if you lose your phone. They will not be shown again.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-slate-700 bg-slate-950 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider text-slate-100">
            {code}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" className="min-h-11" onClick={copy}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="secondary" className="min-h-11" onClick={download}>
          Download
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? 'Backup codes copied' : ''}
      </p>
    </div>
  );
}
