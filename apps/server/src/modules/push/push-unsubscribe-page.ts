/**
 * The pages a browser gets at a mail's unsubscribe link, for mail clients that open the link instead of posting to it
 * (RFC 8058 one-click): opening it only asks (link checkers and previews open links too), the button turns the mail off.
 */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Tribeverse</title></head>
<body style="font-family:Arial,sans-serif;color:#0f172a;background:#fff;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.4rem">${title}</h1>
${body}
</body></html>`;

const settingsLink = (settingsUrl: string) =>
  `<p>You can change this, and what else Tribeverse tells you, in <a href="${settingsUrl}" style="color:#1d4ed8">Settings → Notifications</a>.</p>`;

/** `action` is the link itself: our own path and a token checked to hold only base64url characters, nothing to escape. */
export const confirmPage = (action: string, settingsUrl: string) =>
  page(
    'Stop the missed-message mail?',
    `<p>Tribeverse mails you what you missed after a while away. Stop these mails?</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font-size:1rem;min-height:44px;padding:0 1.25rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer">Stop these mails</button></form>
${settingsLink(settingsUrl)}`,
  );

export const donePage = (settingsUrl: string) => page('You will get no more missed-message mail', settingsLink(settingsUrl));
