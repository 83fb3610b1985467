import type { AssetDetail } from '@bw/contracts';
import { isPowerPlantTemplate } from '@bw/domain';
import { useTranslation } from '../../../../lib/i18n';
import { useFormat } from '../../hooks/use-format';
import { FactList, Note, Panel } from './fact-list';

type SectionProps = { readonly asset: AssetDetail };

/** Asset info: the building or the plant (spec section 3, Asset). */
export const AssetInfoSection = ({ asset }: SectionProps) => {
  const { t } = useTranslation();
  const format = useFormat();
  const plant = isPowerPlantTemplate(asset.templateKind);
  return (
    <div className="flex flex-col gap-6">
      <Panel title={t('asset.tabAssetInfo')} id="asset-info-title">
        <FactList
          facts={[
            { label: t('asset.objectType'), value: t(`objectTypes.${asset.objectType}`) },
            { label: t('asset.propertyType'), value: asset.propertyType && t(`propertyTypes.${asset.propertyType}`) },
            {
              label: t('asset.powerPlantType'),
              value: asset.powerPlantType && t(`powerPlantTypes.${asset.powerPlantType}`),
            },
            { label: t('asset.constructionStatus'), value: t(`constructionStatuses.${asset.constructionStatus}`) },
            {
              label: t('asset.constructionType'),
              value: asset.constructionType && t(`constructionTypes.${asset.constructionType}`),
            },
            { label: t('asset.buildingType'), value: asset.buildingType },
            {
              label: t('asset.buildingCondition'),
              value: asset.buildingCondition && t(`buildingConditions.${asset.buildingCondition}`),
            },
            { label: t('asset.heatingType'), value: asset.heatingType && t(`heatingTypes.${asset.heatingType}`) },
            {
              label: t('asset.constructionYear'),
              value: asset.constructionYear === null ? null : String(asset.constructionYear),
            },
            {
              label: t('asset.area'),
              value:
                asset.areaSquareMeters === null
                  ? null
                  : t('asset.areaValue', { value: format.count(asset.areaSquareMeters) }),
            },
            { label: t('asset.rooms'), value: asset.rooms === null ? null : format.count(asset.rooms) },
            { label: t('asset.floor'), value: asset.floor === null ? null : String(asset.floor) },
            { label: t('asset.doorNumber'), value: asset.doorNumber },
            { label: t('asset.equipment'), value: asset.equipment },
            {
              label: t('asset.peakPower'),
              value:
                plant && asset.peakPowerKw !== null
                  ? t('asset.peakPowerValue', { value: format.count(asset.peakPowerKw) })
                  : null,
            },
            {
              label: t('asset.storageCapacity'),
              value:
                asset.storageCapacityKwh === null
                  ? null
                  : t('asset.kwhValue', { value: format.count(asset.storageCapacityKwh) }),
            },
            {
              label: t('asset.expectedAnnualProduction'),
              value:
                asset.expectedAnnualProductionKwh === null
                  ? null
                  : t('asset.kwhValue', { value: format.count(asset.expectedAnnualProductionKwh) }),
            },
          ]}
        />
      </Panel>
      {asset.features.length > 0 ? (
        <Panel title={t('asset.features')} id="asset-features-title">
          <ul className="flex flex-wrap gap-2">
            {asset.features.map((feature) => (
              <li
                key={feature.key}
                className="rounded-full bg-white px-3 py-1.5 text-sm text-navy-900 ring-1 ring-navy-100"
              >
                {feature.label}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </div>
  );
};

/** Investment info: the offer, the terms, financing and collateral (spec section 2). */
export const InvestmentInfoSection = ({ asset }: SectionProps) => {
  const { t } = useTranslation();
  const format = useFormat();
  const hasDebt = asset.debtCapital || asset.originalLoanAmountCents !== '0';
  const openOffers = asset.offers.filter((offer) => offer.status === 'open' || offer.status === 'new');
  return (
    <div className="flex flex-col gap-6">
      <Panel title={t('asset.investmentTitle')} id="investment-title">
        <FactList
          facts={[
            { label: t('asset.pricePerShare'), value: format.eur(asset.pricePerShareCents) },
            { label: t('asset.totalShares'), value: format.count(asset.totalShares) },
            { label: t('asset.availableShares'), value: format.count(asset.availableShares) },
            {
              label: t('asset.availableBricksSecondary'),
              value: asset.stage === 'secondary' ? format.count(asset.availableBricksSecondary) : null,
            },
            { label: t('asset.lowestOfferPrice'), value: asset.lowestOfferPrice && format.eur(asset.lowestOfferPrice) },
            {
              label: t('asset.minimumSubscription'),
              value: t('asset.sharesValue', { count: asset.minimumSubscriptionShares }),
            },
            { label: t('asset.fundingLimit'), value: format.eur(asset.fundingLimitCents) },
            { label: t('asset.fundingThreshold'), value: format.eur(asset.fundingThresholdCents) },
            { label: t('asset.marketCapitalization'), value: format.eur(asset.marketCapitalizationCents) },
            { label: t('asset.totalVolume'), value: format.eur(asset.totalVolumeCents) },
            { label: t('asset.securityType'), value: t(`securityTypes.${asset.securityType}`) },
            { label: t('asset.expectedOngoingDistribution'), value: format.bps(asset.expectedOngoingDistributionBps) },
            {
              label: t('asset.distributionFrequency'),
              value: t(`distributionFrequencies.${asset.distributionFrequency}`),
            },
            {
              label: t('asset.nextDistributionDate'),
              value: asset.nextDistributionDate && format.day(asset.nextDistributionDate),
            },
            {
              label: t('asset.duration'),
              value: asset.endlessTerm
                ? t('asset.endlessTerm')
                : asset.durationYears === null
                  ? null
                  : t('asset.durationYears', { count: asset.durationYears }),
            },
            { label: t('asset.maturityDate'), value: asset.maturityDate && format.day(asset.maturityDate) },
            {
              label: t('asset.expectedConstructionStart'),
              value: asset.expectedConstructionStart && format.day(asset.expectedConstructionStart),
            },
            {
              label: t('asset.expectedDistributionStart'),
              value: asset.expectedDistributionStart && format.day(asset.expectedDistributionStart),
            },
            { label: t('asset.notaryDate'), value: asset.notaryDate && format.day(asset.notaryDate) },
            { label: t('asset.transactionFee'), value: format.bps(asset.fees.transactionFeeBps) },
            { label: t('asset.isin'), value: asset.isin },
            { label: t('asset.serialNumber'), value: asset.serialNumber },
          ]}
        />
      </Panel>
      <Panel title={t('asset.offersTitle')} id="offers-title">
        {openOffers.length === 0 ? (
          <Note>{t('asset.offersEmpty')}</Note>
        ) : (
          <ul className="flex flex-col gap-2">
            {openOffers.map((offer) => (
              <li key={offer.offerId} className="flex flex-col gap-0.5 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
                <span className="text-sm font-semibold text-navy-900">
                  {t(offer.firstParty.kind === 'issuer' ? 'asset.offerIssuer' : 'asset.offerInvestor', {
                    name: offer.firstParty.name,
                  })}
                </span>
                <span className="text-sm tabular-nums text-navy-700">
                  {t('asset.offerSummary', {
                    shares: t('asset.sharesValue', { count: offer.sharesAmount }),
                    price: format.eur(offer.price),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t('asset.financingTitle')} id="financing-title">
        {hasDebt ? (
          <FactList
            facts={[
              { label: t('asset.debtRatio'), value: format.bps(asset.debtRatioBps) },
              { label: t('asset.originalLoanAmount'), value: format.eur(asset.originalLoanAmountCents) },
              { label: t('asset.outstandingLoanAmount'), value: format.eur(asset.outstandingLoanAmountCents) },
              { label: t('asset.repaymentAmountPerShare'), value: format.eur(asset.repaymentAmountPerShareCents) },
              { label: t('asset.financingBank'), value: asset.financingBank },
              {
                label: t('asset.leverageOnDay'),
                value: asset.leverageOnDayBps === null ? null : format.bps(asset.leverageOnDayBps),
              },
              {
                label: t('asset.leverageVolume'),
                value: asset.leverageVolumeCents && format.eur(asset.leverageVolumeCents),
              },
            ]}
          />
        ) : (
          <Note>{t('asset.noDebt')}</Note>
        )}
      </Panel>
      <Panel title={t('asset.collateralTitle')} id="collateral-title">
        <Note>{asset.collateral ?? t('asset.collateralNone')}</Note>
      </Panel>
    </div>
  );
};

/** The rent overview (spec section 2); plants and assets without tenants say so. */
export const RentInfoSection = ({ asset }: SectionProps) => {
  const { t } = useTranslation();
  const format = useFormat();
  const hasRent = asset.monthlyRentCents !== null || asset.netRentalIncomeCentsPerYear !== null;
  return (
    <Panel title={t('asset.rentTitle')} id="rent-title">
      {hasRent ? (
        <FactList
          facts={[
            { label: t('asset.monthlyRent'), value: asset.monthlyRentCents && format.eur(asset.monthlyRentCents) },
            {
              label: t('asset.netRentalIncome'),
              value: asset.netRentalIncomeCentsPerYear && format.eur(asset.netRentalIncomeCentsPerYear),
            },
            { label: t('asset.expectedRentalReturn'), value: format.bps(asset.expectedRentalReturnBps) },
            {
              label: t('asset.managementCosts'),
              value: asset.managementCostsCentsPerYear && format.eur(asset.managementCostsCentsPerYear),
            },
            {
              label: t('asset.liquidityReserve'),
              value: asset.liquidityReserveCents && format.eur(asset.liquidityReserveCents),
            },
            {
              label: t('asset.occupancyRate'),
              value: asset.occupancyRateBps === null ? null : format.bps(asset.occupancyRateBps),
            },
            {
              label: t('asset.rentedUnits'),
              value:
                asset.rentedUnitsCount === null || asset.totalUnitsCount === null
                  ? null
                  : t('asset.rentedUnitsValue', { rented: asset.rentedUnitsCount, total: asset.totalUnitsCount }),
            },
            { label: t('asset.contractType'), value: asset.contractType && t(`contractTypes.${asset.contractType}`) },
            { label: t('asset.rentIndexation'), value: asset.rentIndexation },
            {
              label: t('asset.observationPeriod'),
              value:
                asset.observationPeriodMonths === null
                  ? null
                  : t('asset.observationPeriodValue', { count: asset.observationPeriodMonths }),
            },
          ]}
        />
      ) : (
        <Note>{t('asset.rentNone')}</Note>
      )}
    </Panel>
  );
};

/** Scenarios stress, medium, optimistic (spec section 2). */
export const ScenariosSection = ({ asset }: SectionProps) => {
  const { t } = useTranslation();
  const format = useFormat();
  const scenarios = asset.scenarios;
  return (
    <Panel title={t('asset.scenariosTitle')} id="scenarios-title">
      {scenarios ? (
        <div className="flex flex-col gap-2">
          <ul className="grid gap-2 sm:grid-cols-3">
            {(
              [
                ['stress', 'scenarioStress'],
                ['medium', 'scenarioMedium'],
                ['optimistic', 'scenarioOptimistic'],
              ] as const
            ).map(([name, label]) => (
              <li key={name} className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
                <span className="text-sm font-semibold text-navy-900">{t(`asset.${label}`)}</span>
                <span className="text-xs text-navy-700">{t('asset.scenarioDistribution')}</span>
                <span className="text-lg font-semibold tabular-nums text-navy-900">
                  {format.bps(scenarios[name].distributionBps)}
                </span>
                <span className="text-xs text-navy-700">{t('asset.scenarioValueGrowth')}</span>
                <span className="text-lg font-semibold tabular-nums text-navy-900">
                  {format.bps(scenarios[name].valueGrowthBps)}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs leading-relaxed text-navy-700">{t('asset.scenariosText')}</p>
        </div>
      ) : (
        <Note>{t('asset.scenariosNone')}</Note>
      )}
    </Panel>
  );
};

/** The issuer's imprint (`asset/{id}/imprint-info`). */
export const ImprintSection = ({ asset }: SectionProps) => {
  const { t } = useTranslation();
  const spv = asset.investmentDetails.spv;
  return (
    <Panel title={t('asset.imprintTitle')} id="imprint-title">
      <FactList
        facts={[
          { label: t('asset.issuer'), value: spv.name },
          { label: t('asset.registerNumber'), value: spv.registerNumber },
          {
            label: t('asset.address'),
            value: `${spv.address.street}, ${spv.address.postalCode} ${spv.address.city}, ${spv.address.countryCode}`,
          },
        ]}
      />
    </Panel>
  );
};
