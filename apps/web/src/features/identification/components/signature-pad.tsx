import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

const WIDTH = 600;
const HEIGHT = 200;

/** Path data of the strokes so far: `M x y L x y ...` (what `POST .../signature` takes). */
const toPathData = (strokes: readonly (readonly [number, number])[][]): string =>
  strokes
    .filter((stroke) => stroke.length > 1)
    .map((stroke) => stroke.map(([x, y], index) => `${index === 0 ? 'M' : 'L'} ${x} ${y}`).join(' '))
    .join(' ');

/**
 * A signature field for finger, pen or mouse (spec section 2, agreements). It reports the drawn
 * path; an empty field reports '' (spec section 5: 'There is no signature in the field!').
 */
export const SignaturePad = ({ onChange }: { readonly onChange: (pathData: string) => void }) => {
  const { t } = useTranslation();
  const [strokes, setStrokes] = useState<[number, number][][]>([]);
  const drawing = useRef(false);
  const point = (event: PointerEvent<SVGSVGElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    return [
      Math.round(((event.clientX - box.left) / box.width) * WIDTH),
      Math.round(((event.clientY - box.top) / box.height) * HEIGHT),
    ];
  };
  const update = (next: [number, number][][]) => {
    setStrokes(next);
    onChange(toPathData(next));
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between">
        <span className="text-sm font-semibold text-navy-900">{t('identification.signatureLabel')}</span>
        <button type="button" className="text-sm font-semibold text-brand-text underline" onClick={() => update([])}>
          {t('identification.signatureClear')}
        </button>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('identification.signatureHint')}
        data-testid="signature-pad"
        className="h-40 w-full touch-none rounded-xl border border-navy-300 bg-white"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          update([...strokes, [point(event)]]);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const last = strokes.at(-1);
          if (!last) return;
          update([...strokes.slice(0, -1), [...last, point(event)]]);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
      >
        <line
          x1="24"
          x2={WIDTH - 24}
          y1={HEIGHT - 40}
          y2={HEIGHT - 40}
          className="stroke-navy-300"
          strokeDasharray="6 6"
        />
        <path
          d={toPathData(strokes)}
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-navy-900"
        />
      </svg>
      <p className="text-sm text-navy-700">{t('identification.signatureHint')}</p>
    </div>
  );
};
