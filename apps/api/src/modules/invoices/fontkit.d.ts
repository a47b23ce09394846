// fontkit (pdfkit's own font engine) ships no types; the invoice needs only its parser.
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
