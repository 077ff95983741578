"""The admin base for records staff read but never add, edit or delete there: the ledger and
balances (they change only through the credit actions), generations (a record of what was paid),
Stripe's copies (its events change them). Staff act on them through named admin actions."""

from django.contrib import admin


class ViewOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
