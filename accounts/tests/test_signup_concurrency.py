import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

SIGN_UP = {
    "name": "Carol Baker",
    "email": "carol@example.com",
    "password1": "Str0ngPassw0rd",
    "accept_terms": "on",
}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_sign_ups_for_one_address_make_one_account():
    barrier = threading.Barrier(4)
    statuses = []

    def sign_up():
        try:
            barrier.wait()
            statuses.append(Client().post("/signup", SIGN_UP).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=sign_up) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 200, 200, 302]  # the others see a message, never a 500
    assert get_user_model().objects.filter(email="carol@example.com").count() == 1
