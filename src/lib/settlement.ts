/**
 * How a paid order's money reaches its seller (issue #38), chosen by the admin:
 * - `collect`: the gateway settles the whole payment to the platform, which pays sellers out of
 *   their available balance in the weekly payout batch;
 * - `split`: where the gateway supports split settlement (Zarinpal's wages, Zibal's multiplexing),
 *   the seller's share goes straight to the seller's Sheba at payment time.
 */
export const settlementModes = ['collect', 'split'] as const
export type SettlementMode = (typeof settlementModes)[number]
