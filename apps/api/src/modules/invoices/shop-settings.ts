import type { DbOrTx } from '../../db/client.ts';

// TEMPORARY until issue 15a's settings module lands in main: the contract's shape and signature.
export interface ShopSettings {
  legalName: string;
  address: string;
  state: string;
  gstin: string;
  grievanceName: string;
  grievanceEmail: string;
  supportPhone: string;
  supportEmail: string;
  lowStockThreshold: number;
}

export async function getShopSettings(_db: DbOrTx): Promise<ShopSettings> {
  return {
    legalName: 'Saree Pari Textiles Private Limited',
    address: '14 Linking Road, Bandra West, Mumbai 400050',
    state: 'Maharashtra',
    gstin: '27AAPFU0939F1ZV',
    grievanceName: 'Meera Iyer',
    grievanceEmail: 'grievance@example.com',
    supportPhone: '+91 98200 12345',
    supportEmail: 'support@example.com',
    lowStockThreshold: 5,
  };
}
