/** Saves a response's body as a file through the browser (e.g. the output's CSV from the API). */
export async function download(filename: string, response: Response): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
