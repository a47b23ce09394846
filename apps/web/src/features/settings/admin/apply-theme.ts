import { DEFAULT_BRAND_COLOR, themeStyle } from '@shop/shared/brand';

/**
 * The page's theme in `hex`, as the server writes it into every page (`<style id="shop-theme">`), so
 * the owner sees a saved colour without reloading.
 */
export function applyTheme(hex: string, doc: Document = document): void {
  const current = doc.getElementById('shop-theme');
  if (hex.toLowerCase() === DEFAULT_BRAND_COLOR) {
    current?.remove();
    return;
  }
  const style = current ?? doc.head.appendChild(doc.createElement('style'));
  style.id = 'shop-theme';
  style.textContent = themeStyle(hex);
}
