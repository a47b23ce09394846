import { MAX_IMAGE_BYTES } from '@shop/shared/constants';
import { MESSAGES } from '@shop/shared/messages';
import { API_BASE } from '../../../lib/api-client';

/** Reply of POST /api/uploads (docs/product.md, Catalogue calls). */
export interface UploadedImage {
  secure_url: string;
  url: string;
  width: number;
  height: number;
}

export class UploadError extends Error {}

function serverMessage(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON (a proxy's error page): fall back to the generic text.
  }
  return MESSAGES.imageUploadFailed;
}

/**
 * Uploads one image with XMLHttpRequest, because fetch cannot report upload progress. Rejects with
 * an UploadError carrying the server's message (e.g. the 413's) or the generic failure text.
 */
export function uploadImage(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  // Checked here too, so an oversized picture is refused before megabytes are sent.
  if (file.size > MAX_IMAGE_BYTES) return Promise.reject(new UploadError(MESSAGES.imageTooLarge));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/uploads`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadedImage);
        } catch {
          reject(new UploadError(MESSAGES.imageUploadFailed));
        }
      } else reject(new UploadError(serverMessage(xhr)));
    };
    xhr.onerror = () => reject(new UploadError(MESSAGES.imageUploadFailed));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    // The original image host's field; our server accepts and ignores it.
    form.append('upload_preset', 'products');
    xhr.send(form);
  });
}
