/** An amount in FCFA as the administration shows it ("1 300 FCFA", decimals when any). */
export const formatFcfa = (amount: number) =>
  `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(amount)} FCFA`;
