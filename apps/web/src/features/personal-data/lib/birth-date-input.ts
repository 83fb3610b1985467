/** Day, month and year as the server reads them (YYYY-MM-DD); nothing typed is "no date". */
export const toBirthDate = (day: string, month: string, year: string): string | null => {
  const [d, m, y] = [day.trim(), month.trim(), year.trim()];
  if (d === '' && m === '' && y === '') return null;
  return `${y.padStart(4, '0')}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
};
