/** Prints rows of cells as a table under `title`: the first column to the left, the others to the right, a rule under the header and above the last row (the total). */
export function printTable(title: string, rows: string[][]): void {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log(`\n${title}`);
  for (const [index, r] of rows.entries()) {
    console.log(`  ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')}`);
    if (index === 0 || index === rows.length - 2) console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  }
}
