import { isUrgent } from '../../../shared/urgent';
import { readLineStream, type StreamMessage, type StreamStart } from './lineStream';

/*
 * The loading worker: reads a list of lines in the compact format off the main thread (the body's
 * text, its JSON and the decoding into lines) and posts each page of lines, with whether each line
 * is urgent (costly to work out for a hundred thousand lines; urgency.ts keeps it). One worker reads
 * one list; the main thread ends it (terminate) when it no longer wants the list.
 */
const scope = self as unknown as {
  postMessage(message: StreamMessage): void;
  onmessage: ((event: MessageEvent<StreamStart>) => void) | null;
};

scope.onmessage = (event) => {
  const { path, token, etag } = event.data;
  // The first page goes at once (the first screenful); the page works out its urgent lines as they show.
  let pages = 0;
  void readLineStream(
    path,
    token,
    (message) => {
      if (message.type === 'lines' && pages++ > 0) scope.postMessage({ ...message, urgent: message.lines.map(isUrgent) });
      else scope.postMessage(message);
    },
    { etag },
  );
};
