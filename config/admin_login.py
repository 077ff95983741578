"""The Django admin's sign-in form, authenticating through allauth.

allauth counts failed sign-ins (ACCOUNT_RATE_LIMITS["login_failed"]: per IP and per address) in
its adapter's `authenticate`. Django's admin form calls `django.contrib.auth.authenticate`
directly, which would give an attacker a second, unlimited door to every staff password. Going
through the adapter puts both doors behind the same counters.
"""

from allauth.account.adapter import get_adapter
from django.contrib.admin.forms import AdminAuthenticationForm


class RateLimitedAdminAuthenticationForm(AdminAuthenticationForm):
    def clean(self):
        email = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if email is not None and password:
            # Raises allauth's "Too many failed login attempts" ValidationError past the limit.
            self.user_cache = get_adapter(self.request).authenticate(
                self.request, email=email, password=password
            )
            if self.user_cache is None:
                raise self.get_invalid_login_error()
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data
