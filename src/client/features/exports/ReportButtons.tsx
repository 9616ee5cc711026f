import { ExportProgress } from './ExportProgress';

/** A report's print and Excel buttons and its export's progress; both wait until there is something to show. */
export function ReportButtons({ ready, exportKey, onExport, labels }: { ready: boolean; exportKey: string; onExport: () => void; labels: { print: string; export: string } }) {
  return (
    <>
      <button type="button" className="secondary" disabled={!ready} onClick={() => window.print()}>
        {labels.print}
      </button>
      <button type="button" className="secondary" disabled={!ready} onClick={onExport}>
        {labels.export}
      </button>
      <ExportProgress exportKey={exportKey} />
    </>
  );
}
