/** A mail as the local mail viewer lists it. */
export interface ViewedMail {
  id: string;
  to: string;
  subject: string;
  attachments: number;
}

/** The mail viewer's rows to `to`, newest first. */
export async function mailsTo(viewer: string, to: string): Promise<ViewedMail[]> {
  const html = await (await fetch(viewer)).text();
  const rows = [...html.matchAll(/<tr><td><a href="\/dev\/mail\/[\w-]+\/(\d+)">\d+<\/a><\/td>(.*?)<\/tr>/g)];
  return rows
    .map(([, id, cells]) => {
      const td = [...(cells ?? '').matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1] ?? '');
      return {
        id: id ?? '',
        to: td[2] ?? '',
        subject: (td[3] ?? '').replace(/<[^>]+>/g, ''),
        attachments: Number(td[4] || 0),
      };
    })
    .filter((row) => row.to === to);
}

/** A mail's plain text body. */
export async function mailText(viewer: string, id: string): Promise<string> {
  return (await fetch(`${viewer}/${id}/text`)).text();
}
