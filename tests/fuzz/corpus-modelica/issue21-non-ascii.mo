model Ä
end Ä;
