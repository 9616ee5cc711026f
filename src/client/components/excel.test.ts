import { SAVED_FILE_KEPT_MS, saveFile } from './excel';

test('a saved file stays readable at its address long enough for the browser to read a large one, then is let go', () => {
  jest.useFakeTimers();
  try {
    const revoke = jest.fn();
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:sheet'), revokeObjectURL: revoke });
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });
    saveFile(new Blob(['x']), 'siparisler.xlsx');
    expect(clicked).toEqual(['siparisler.xlsx blob:sheet']);
    jest.advanceTimersByTime(10_000);
    expect(revoke).not.toHaveBeenCalled();
    jest.advanceTimersByTime(SAVED_FILE_KEPT_MS);
    expect(revoke).toHaveBeenCalledWith('blob:sheet');
    click.mockRestore();
  } finally {
    jest.useRealTimers();
  }
});
