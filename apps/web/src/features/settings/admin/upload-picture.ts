import { MESSAGES } from '@shop/shared/messages';
import { API_BASE } from '../../../lib/api-client';

/**
 * Where a picture of the brand goes: the logo and favicon to the brand store (SVG, PNG or WebP, made
 * into the icons), the banner's photo to the product uploads (with its -400/-800 sizes).
 */
export type PictureKind = 'brand' | 'photo';

export class UploadError extends Error {}

/** Uploads one picture and resolves with its address; rejects with the server's message (a 413's, a 400's). */
export async function uploadPicture(kind: PictureKind, file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${API_BASE}${kind === 'brand' ? '/settings/pictures' : '/uploads'}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    signal,
  });
  const body = (await res.json().catch(() => null)) as {
    message?: unknown;
    url?: unknown;
    secure_url?: unknown;
  } | null;
  if (!res.ok) {
    throw new UploadError(
      typeof body?.message === 'string' && body.message ? body.message : MESSAGES.imageUploadFailed,
    );
  }
  const url = body?.secure_url ?? body?.url;
  if (typeof url !== 'string') throw new UploadError(MESSAGES.imageUploadFailed);
  return url;
}
