/** Hands a file to the browser as a download under `filename`. */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the next task; the object URL would otherwise live with the page.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
