/** A table's header row from its column labels, in order. */
export function TableHead({ labels }: { labels: string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label, index) => (
          <th key={index}>{label}</th>
        ))}
      </tr>
    </thead>
  );
}
