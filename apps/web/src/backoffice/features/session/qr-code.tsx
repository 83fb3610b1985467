import { encode } from 'uqr';

/** The otpauth URI as a QR code (uqr, in the invitation page's lazy chunk only). */
export const QrCode = ({ value, label }: { readonly value: string; readonly label: string }) => {
  const { data, size } = encode(value, { ecc: 'M', border: 2 });
  const cells: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width={192}
      height={192}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={cells.join('')} fill="#121c2d" />
    </svg>
  );
};
