export const MESSAGES = {
  productInCart: 'Product already in cart',
  signInToPlaceOrder: 'Sign in or create an account to place your order',
  bagSavedToAccount: 'Your bag is saved to your account',
  bagNotSaved: 'Your bag could not be added to your account just now: it is kept on this device, try again soon',
  selectColor: 'Please select a color',
  selectSize: 'Please select a size',
  selectAddressAndPayment: 'Please select address and payment method',
  colorsAndSizesMissing: 'Add at least one color and size',
  colorMissing: 'Add at least one color',
  sizeMissing: 'Add at least one size',
  colorAdded: 'Color added',
  colorRemoved: 'Color removed',
  colorDuplicate: 'Color already added',
  sizeAdded: 'Size added',
  sizeRemoved: 'Size removed',
  sizeDuplicate: 'Size already added',
  sizeNotPositive: 'Size must be greater than 0',
  productRemovedFromCart: 'Product removed from cart',
  itemRemovedFromCart: 'Item removed from cart',
  orderPlaced: 'Order Placed Successfully',
  addressAdded: 'Address added successfully!',
  addressUpdated: 'Address updated successfully!',
  addressDeleted: 'Address deleted successfully!',
  gstinCheckCharacter: 'The GSTIN’s check character does not match: please look for a typo',
  imageUploaded: 'Image uploaded successfully!',
  imageRemoved: 'Image removed',
  imageUploadFailed: 'Failed to upload image. Please try again.',
  productCreated: 'Product Created Successfully',
  productUpdated: 'Product Updated Successfully',
  productDeleted: 'Product Deleted Successfully',
  invalidPaymentDetails: 'Invalid payment details received from the server',
  emailSent: 'Email sent successfully',
  noProducts: 'No products found',
  imageTooLarge: 'Image size should be less than 10MB',
  detailsUpdated: 'Your details are saved',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed. Any other device you were signed in on is now signed out.',
  deletePasswordWrong: 'Password is incorrect',
  adminNotDeletable: 'An admin account cannot be deleted from the profile',
  staffInviteSent: 'Invitation sent',
  staffInviteInvalid: 'This invitation link is invalid or has expired',
  staffAlreadyInShop: 'This person already works in the shop admin',
  staffWelcome: 'Welcome to the team! You are signed in.',
  staffRemoved: 'Staff member removed and signed out',
  staffInviteRevoked: 'Invitation revoked',
  staffNotFound: 'Staff member not found',
  staffInviteNotFound: 'Invitation not found',
  accountDeleted: 'Your account is deleted. Thank you for shopping with us.',
  orderCancelled: 'Your order has been cancelled',
  orderAlreadyCancelled: 'This order is already cancelled',
  orderAlreadyDispatched: 'This order is already on its way and can no longer be cancelled',
  reopenWithReason: 'A cancelled order is reopened on purpose: use “Reopen order” and say why',
  confirmWithButton: 'This cash-on-delivery order awaits the shopper’s confirmation: use “Confirm order” once they have confirmed',
  bookToShip: 'An order is shipped by booking its shipment: a courier and an AWB',
  confirmBeforeDispatch: 'This cash-on-delivery order awaits the shopper’s confirmation: confirm it before dispatching it',
} as const;

export const outOfStockMessage = (title: string): string => `${title} is out of stock`;

export const addedToCartMessage = (title: string): string => `${title} added to cart`;

/** docs/product.md, Validation: a business buyer's GSTIN is registered in the delivery state. */
export const gstinStateMismatchMessage = (
  deliveryState: string,
  deliveryCode: string | undefined,
  registeredIn: string | undefined,
): string =>
  deliveryCode === undefined
    ? `“${deliveryState}” is not a state we know: write the delivery state in full to add a GSTIN`
    : `This GSTIN is registered ${registeredIn ? `in ${registeredIn}` : 'outside the states'}: for a delivery in ${deliveryState} it starts with ${deliveryCode}`;

/** A line of a visitor's bag that the stock or the catalogue changed (when priced, or when joined to an account). */
export const bagLineChangedMessage = (
  reason: 'capped' | 'out_of_stock' | 'unavailable',
  title: string,
  kept: number,
  asked: number,
): string =>
  reason === 'capped'
    ? `${title}: only ${kept} of the ${asked} you chose could be kept, as that is all we have`
    : reason === 'out_of_stock'
      ? `${outOfStockMessage(title)}: it could not be added to your bag`
      : `${title} is no longer sold and has left your bag`;

export const openOrderBlocksDeletionMessage = (orderId: number): string =>
  `Order #${orderId} is still open. You can delete your account once it is delivered or cancelled.`;
