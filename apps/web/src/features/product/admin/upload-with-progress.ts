import { API_BASE, ApiError } from '../../../lib/api-client';

/**
 * POSTs a form to the API, reporting the upload's progress (0…1): fetch cannot tell how much of a
 * body has gone, XMLHttpRequest can. Resolves with the JSON reply; rejects with the server's message.
 */
export function uploadWithProgress<T>(
  path: string,
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(parsed as T);
      } else {
        const message = (parsed as { message?: unknown } | undefined)?.message;
        reject(new ApiError(xhr.status, typeof message === 'string' ? message : 'Something went wrong'));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed. Check the connection and try again.'));
    xhr.send(body);
  });
}
