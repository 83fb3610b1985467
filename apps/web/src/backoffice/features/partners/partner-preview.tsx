import type { PartnerColors } from '@bw/contracts';
import { brandAsText, labelOnBrand } from '../../../lib/theme';

/**
 * A live preview of the investor app in the partner's theme: the marketplace's first screen as a
 * phone shows it, drawn from the colours in the form before they are saved, with the same rules
 * the app applies (a label on the brand colour that is not readable is replaced).
 */
export const PartnerPreview = ({ name, colors, icon }: { name: string; colors: PartnerColors; icon: string }) => (
  <figure aria-label={`Vorschau der App von ${name}`} className="mx-auto w-[260px]">
    <div
      className="overflow-hidden rounded-[2rem] border-8 border-ink bg-white shadow-lg"
      style={{ color: colors.navy900 }}
    >
      <div className="flex items-center gap-2 px-3 py-2.5" style={{ background: colors.brand }}>
        {icon ? <img src={icon} alt="" className="size-6 rounded bg-white/80 object-contain" /> : null}
        <span className="text-sm font-semibold" style={{ color: labelOnBrand(colors.brand, colors.ctaLabel) }}>
          {name || 'Partner'}
        </span>
      </div>
      <div className="space-y-2 p-3" style={{ background: colors.navy100 }}>
        <p className="text-xs font-semibold" style={{ color: brandAsText(colors.brand, colors.navy900) }}>
          Marktplatz
        </p>
        <div className="rounded-lg bg-white p-2.5 shadow-sm" style={{ borderColor: colors.navy300, borderWidth: 1 }}>
          <div
            className="mb-2 h-16 rounded"
            style={{ background: `linear-gradient(135deg, ${colors.navy300}, ${colors.navy500})` }}
          />
          <p className="text-sm font-semibold">Agri-PV Landshut</p>
          <p className="text-xs" style={{ color: colors.navy700 }}>
            Photovoltaik · 4,1 % Rendite
          </p>
          <div className="mt-2 h-1.5 rounded-full" style={{ background: colors.navy300 }}>
            <div className="h-1.5 w-2/3 rounded-full" style={{ background: colors.highlight }} />
          </div>
          <p className="mt-1 text-[11px]" style={{ color: colors.navy500 }}>
            66 % finanziert
          </p>
        </div>
        <button
          type="button"
          tabIndex={-1}
          className="w-full rounded-md py-2 text-sm font-semibold"
          style={{ background: colors.primary, color: labelOnBrand(colors.primary, colors.ctaLabel) }}
        >
          Jetzt investieren
        </button>
        <p className="text-xs" style={{ color: colors.systemSuccess }}>
          ✓ Kauf bestätigt
        </p>
        <p className="text-xs" style={{ color: colors.systemError }}>
          Nicht genügend Guthaben.
        </p>
      </div>
    </div>
    <figcaption className="mt-2 text-center text-xs text-muted">Vorschau, noch nicht gespeichert</figcaption>
  </figure>
);
